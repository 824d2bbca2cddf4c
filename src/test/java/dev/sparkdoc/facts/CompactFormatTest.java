package dev.sparkdoc.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Durations and counts: figures in table cells keep a bounded width, however large they grow; sentences keep their sign. */
class CompactFormatTest {

    @ParameterizedTest
    @CsvSource({"0, 0ms", "850, 850ms", "999.4, 999ms", "999.6, 1.0s", "6400, 6.4s", "59960, 1m00s", "182000, 3m02s",
            "3599600, 1h00m", "33660000, 9h21m", "188460000, 2d04h", "273600000, 3d04h", "1728000000, 20d00h",
            "8639999000, 99d23h", "35596800000, 412d", "-5, 0ms"})
    void durationsAreCompactFromMillisecondsToYears(double ms, String shown) {
        assertThat(DurationFormat.compact(ms)).isEqualTo(shown);
    }

    @Test
    void everyDurationUpToTenYearsFitsSixColumns() {
        for (double ms = 1; ms < 3.2e11; ms *= 1.01) {
            assertThat(DurationFormat.compact(ms)).as("%.0f ms", ms).hasSizeLessThanOrEqualTo(6);
        }
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "156018, '156,018'", "999999, '999,999'", "1000000, 1.0M", "1234567, 1.2M", "999950000, 1.0G",
            "34500000000, 34.5G"})
    void countsStayWithinEightColumns(double v, String shown) {
        assertThat(CountFormat.compact(v)).isEqualTo(shown).hasSizeLessThanOrEqualTo(8);
    }

    @ParameterizedTest
    @CsvSource({"0, 0 ms", "999, 999 ms", "1500, 1.5 s", "182000, 3 min 02 s", "7500000, 2 h 05 min", "-1500, -1.5 s"})
    void durationsInSentencesSayTheirUnit(double ms, String shown) {
        assertThat(DurationFormat.of(ms)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource({"0, 0s", "-3, 0s", "59, 59s", "60, 1m00s", "86400, 1d00h"})
    void agesAreWholeSecondsUnderAMinuteForPsAndAttachAlike(long seconds, String shown) {
        assertThat(DurationFormat.age(seconds)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "1023, '1,023'", "-3, -3", "2.5, 2.50"})
    void countsInSentencesGroupThousands(double v, String shown) {
        assertThat(CountFormat.of(v)).isEqualTo(shown);
    }
}
