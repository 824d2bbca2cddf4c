package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.ProcessInfo;
import dev.sparkdoc.proc.ProcessSample;
import dev.sparkdoc.proc.SparkProcesses;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@code sparkdoc ps}'s rows: what runs in the command column, and "–" for what the platform did not say. */
class PsTextTest {

    private static final Instant T0 = Instant.parse("2026-12-04T10:00:00Z");

    private static PsReport report() {
        ProcessInfo jvm = new ProcessInfo(4000, 3999, "me", "S", Optional.of(T0.minusSeconds(90)), 40, 600L << 20, 0,
                List.of(("java -Xmx1g -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit --master local[2] "
                        + "--conf spark.ui.port=4040 /home/me/app.py").split(" ")));
        // macOS ps: no thread count; a daemon that became a zombie: no RSS
        ProcessInfo daemon = new ProcessInfo(4001, 4000, "me", "Z", Optional.empty(), OptionalInt.empty(),
                OptionalLong.empty(), 0, List.of("python3", "-m", "pyspark.daemon"));
        ProcessSample s = new ProcessSample(T0, 0, List.of(jvm, daemon));
        return PsReport.of("edge-1", SparkProcesses.classify(s, s, new DriverHints(Map.of(4000L, "local-1"), Map.of()), false),
                Optional.empty());
    }

    @Test
    void unknownMemoryThreadsAndAgeShowAsADashAndTheCommandIsTheScript() {
        List<String> lines = PsText.lines(report(), Theme.PLAIN, 120);
        String driver = lines.stream().filter(l -> l.contains("4000") && l.contains("driver")).findFirst().orElseThrow();
        assertThat(driver).contains("600M", "40", "1m30s").endsWith("app.py");
        String daemon = lines.stream().filter(l -> l.contains("4001")).findFirst().orElseThrow();
        assertThat(daemon).doesNotContain("0B").contains("pyspark.daemon");
        // CPU (one sample), RSS, threads and age: four unknowns
        assertThat(daemon.split("–", -1)).hasSize(5);
    }

    @Test
    void jsonLeavesUnknownFiguresOutRatherThanSayingZero() {
        ObjectNode root = PsJson.tree(report());
        var daemon = root.get("applications").get(0).get("jvms").get(0).get("daemons").get(0);
        assertThat(daemon.get("pid").asLong()).isEqualTo(4001);
        assertThat(daemon.has("rssBytes")).isFalse();
        assertThat(daemon.has("threads")).isFalse();
        assertThat(root.get("applications").get(0).get("jvms").get(0).get("rssBytes").asLong()).isEqualTo(600L << 20);
    }
}
