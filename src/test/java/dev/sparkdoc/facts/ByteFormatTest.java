package dev.sparkdoc.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One text per size, in reports and in every narrow column alike (attach and ps show the same). */
class ByteFormatTest {

    private static final double KIB = 1024;
    private static final double MIB = KIB * 1024;
    private static final double TIB = MIB * 1024 * 1024;

    @ParameterizedTest
    @CsvSource({"0, 0 B", "1, 1 B", "1023, 1023 B", "1024, 1.0 KiB", "1572864, 1.5 MiB", "1099511627776, 1.0 TiB",
            "-1536, -1.5 KiB", "-5, -5 B"})
    void sizesInSentencesUseBinaryUnitsWithOneDecimal(double bytes, String shown) {
        assertThat(ByteFormat.of(bytes)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "-1, 0", "1, 1B", "1023, 1023B", "1024, 1.0K", "1572864, 1.5M", "12897485, 12.3M",
            "536870912, 512M", "1099511627776, 1.0T", "2251799813685248, 2.0P"})
    void sizesInColumnsFitFiveCharacters(double bytes, String shown) {
        assertThat(ByteFormat.compact(bytes)).isEqualTo(shown).hasSizeLessThanOrEqualTo(5);
    }

    @Test
    void everySizeUpToAnExbibyteFitsFiveColumns() {
        for (double b = 1; b < 1024 * 1024 * TIB; b *= 1.01) {
            assertThat(ByteFormat.compact(b)).as("%.0f B", b).hasSizeLessThanOrEqualTo(5);
        }
    }

    @Test
    void aSizeThatIsOffOrUnknownIsNotANumberOfBytes() {
        // autoBroadcastJoinThreshold = -1 switches broadcasts off
        assertThat(FactFormat.human(-1, FactUnit.BYTES)).isEqualTo("-1 (off)");
        assertThat(FactFormat.human(1.5 * MIB, FactUnit.BYTES)).isEqualTo(ByteFormat.of(1.5 * MIB));
    }
}
