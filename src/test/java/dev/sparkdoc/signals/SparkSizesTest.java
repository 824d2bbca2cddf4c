package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SparkSizesTest {

    @ParameterizedTest(name = "{0} (bare unit {1}) = {2} bytes")
    @CsvSource({
        "4g, m, 4294967296",
        "512m, m, 536870912",
        "512, m, 536870912",
        "10485760, b, 10485760",
        "10485760b, m, 10485760",
        "64k, b, 65536",
        "1t, m, 1099511627776",
        "2GB, m, 2147483648",
        "1.5g, m, 1610612736",
        "' 8g ', m, 8589934592",
        "-1, b, -1",
        "lots, m, -1",
        "5x, m, -1"
    })
    void parsesSparkSizeStringsInBinaryUnits(String text, char bareUnit, long bytes) {
        assertThat(SparkSizes.parse(text, bareUnit)).isEqualTo(bytes);
    }
}
