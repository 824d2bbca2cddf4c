package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.DurationFormat;
import org.junit.jupiter.api.Test;

/** The fleet table's times are the one compact duration format, at most six columns. */
class FleetTextTest {

    @Test
    void compactTimesFitSixColumns() {
        assertThat(DurationFormat.compact(9)).isEqualTo("9ms");
        assertThat(DurationFormat.compact(6_240)).isEqualTo("6.2s");
        assertThat(DurationFormat.compact(59_960)).isEqualTo("1m00s");
        assertThat(DurationFormat.compact(535_234)).isEqualTo("8m55s");
        assertThat(DurationFormat.compact(3_900_000)).isEqualTo("1h05m");
        assertThat(DurationFormat.compact(131 * 3_600_000.0)).isEqualTo("5d11h");
        for (double ms : new double[] {999, 59_949, 3_599_000, 99 * 3_600_000.0 + 59 * 60_000}) {
            assertThat(DurationFormat.compact(ms)).hasSizeLessThanOrEqualTo(6);
        }
    }
}
