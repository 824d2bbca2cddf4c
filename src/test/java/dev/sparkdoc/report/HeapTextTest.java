package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.HeapHistogram;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeapTextTest {

    @Test
    void classesGetJavasNamesAndTheirShareAndRowsHeldByTheDriverAreNamed() {
        HeapHistogram h = new HeapHistogram(42, List.of(new HeapHistogram.Entry("[Ljava.lang.Object;", 1_000_000, 40_000_000),
                new HeapHistogram.Entry("org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema", 1_000_000, 32_000_000),
                new HeapHistogram.Entry("[[B", 10, 8_000_000)), 2_000_010, 100_000_000);

        List<String> lines = HeapText.lines(h, 20);

        assertThat(lines.get(0)).isEqualTo("Heap of pid 42: 95.4 MiB live in 2,000,010 objects (after a full GC)");
        assertThat(lines.get(2)).contains("38.1 MiB", "40.0%", "1,000,000", "java.lang.Object[]");
        assertThat(lines.get(4)).endsWith("byte[][]");
        assertThat(lines.get(lines.size() - 1)).startsWith("Rows are held by the driver (org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema)");
        assertThat(HeapText.javaName("[J")).isEqualTo("long[]");
        assertThat(HeapText.lines(h, 1)).hasSize(3);
    }
}
