package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Figures in table cells and the header keep a bounded width, however large they grow. */
class FmtTest {

    @ParameterizedTest
    @CsvSource({"0, 0ms", "850, 850ms", "999.4, 999ms", "999.6, 1.0s", "6400, 6.4s", "59960, 1m00s", "182000, 3m02s",
            "3599600, 1h00m", "33660000, 9h21m", "188460000, 2d04h", "273600000, 3d04h", "1728000000, 20d00h",
            "8639999000, 99d23h", "35596800000, 412d", "-5, 0ms"})
    void durationsAreCompactFromMillisecondsToYears(double ms, String shown) {
        assertThat(Fmt.ms(ms)).isEqualTo(shown);
    }

    @Test
    void everyDurationUpToTenYearsFitsSixColumns() {
        for (double ms = 1; ms < 3.2e11; ms *= 1.01) {
            assertThat(Fmt.ms(ms)).as("%.0f ms", ms).hasSizeLessThanOrEqualTo(6);
        }
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "156018, '156,018'", "999999, '999,999'", "1000000, 1.0M", "1234567, 1.2M", "999950000, 1.0G",
            "34500000000, 34.5G"})
    void countsStayWithinEightColumns(double v, String shown) {
        assertThat(Fmt.count(v)).isEqualTo(shown).hasSizeLessThanOrEqualTo(8);
    }
}
