package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FleetTextTest {

    @Test
    void compactTimesFitSixColumns() {
        assertThat(FleetText.compact(9)).isEqualTo("9ms");
        assertThat(FleetText.compact(6_240)).isEqualTo("6.2s");
        assertThat(FleetText.compact(59_960)).isEqualTo("1m00s");
        assertThat(FleetText.compact(535_234)).isEqualTo("8m55s");
        assertThat(FleetText.compact(3_900_000)).isEqualTo("1h05m");
        assertThat(FleetText.compact(131 * 3_600_000.0)).isEqualTo("131h");
        for (double ms : new double[] {999, 59_949, 3_599_000, 99 * 3_600_000.0 + 59 * 60_000}) {
            assertThat(FleetText.compact(ms)).hasSizeLessThanOrEqualTo(6);
        }
    }
}
