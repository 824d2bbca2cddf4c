package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.facts.FactUnit;
import org.junit.jupiter.api.Test;

class ThresholdsTest {

    @Test
    void durationsConvertToTheFactsUnit() {
        assertThat(Thresholds.parse("500ms", FactUnit.MS)).isEqualTo(500.0);
        assertThat(Thresholds.parse("5s", FactUnit.MS)).isEqualTo(5_000.0);
        assertThat(Thresholds.parse("2m", FactUnit.MS)).isEqualTo(120_000.0);
        assertThat(Thresholds.parse("1h", FactUnit.MS)).isEqualTo(3_600_000.0);
        assertThat(Thresholds.parse("90s", FactUnit.SECONDS)).isEqualTo(90.0);
        assertThat(Thresholds.parse("5m", FactUnit.SECONDS)).isEqualTo(300.0);
        assertThat(Thresholds.parse("30", FactUnit.SECONDS)).isEqualTo(30.0);
    }

    @Test
    void sizesAreBinaryMultiplesLikeSparksOwn() {
        assertThat(Thresholds.parse("256MB", FactUnit.BYTES)).isEqualTo(256.0 * (1 << 20));
        assertThat(Thresholds.parse("1g", FactUnit.BYTES)).isEqualTo((double) (1L << 30));
        assertThat(Thresholds.parse("10 KiB", FactUnit.BYTES)).isEqualTo(10_240.0);
        assertThat(Thresholds.parse("1.5GB", FactUnit.BYTES)).isEqualTo(1.5 * (1L << 30));
    }

    @Test
    void sharesAreFractionsOrPercentages() {
        assertThat(Thresholds.parse("10%", FactUnit.FRACTION)).isEqualTo(0.1);
        assertThat(Thresholds.parse("0.25", FactUnit.FRACTION)).isEqualTo(0.25);
        assertThatThrownBy(() -> Thresholds.parse("10s", FactUnit.FRACTION)).hasMessageContaining("a share is 0.1 or 10%");
    }

    @Test
    void booleansAndWrongUnitsAreChecked() {
        assertThat(Thresholds.parse("true", FactUnit.BOOLEAN)).isEqualTo(1.0);
        assertThat(Thresholds.parse("no", FactUnit.BOOLEAN)).isZero();
        assertThatThrownBy(() -> Thresholds.parse("maybe", FactUnit.BOOLEAN)).hasMessageContaining("true or false");
        assertThatThrownBy(() -> Thresholds.parse("5s", FactUnit.COUNT)).hasMessageContaining("plain count");
        assertThatThrownBy(() -> Thresholds.parse("five seconds", FactUnit.MS)).hasMessageContaining("not a number");
        assertThatThrownBy(() -> Thresholds.parse("5d", FactUnit.MS)).hasMessageContaining("unknown time unit");
    }
}
