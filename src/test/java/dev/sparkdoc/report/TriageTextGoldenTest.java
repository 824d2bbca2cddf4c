package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The text report of real event logs at 80 columns, compared with golden files. After an
 * intended change, regenerate them with {@code mvn test -Dtest=TriageTextGoldenTest -Dgolden.update=true}.
 */
class TriageTextGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @ParameterizedTest
    @CsvSource({
            "examples/skewed-join/eventlog_v2_local-1795967361954, skewed-join.txt",
            "src/test/resources/spark-upstream/spark-events/local-1422981780767, local-1422981780767.txt",
            "src/test/resources/spark-upstream/spark-events/application_1628109047826_1317105, straggler-1317105.txt",
            "src/test/resources/spark/eventlogs/join-plain, healthy-join.txt",
            "src/test/resources/spark/eventlogs/failed-queries/local-1796188719838, failed-queries.txt"})
    void reportMatchesGoldenFile(String log, String golden) throws IOException {
        Path logPath = Path.of(log);
        Diagnosis d = Diagnosis.of(new EventLogSource(logPath).read(), RuleCatalog.builtIn());
        TriageReport report = TriageReport.of(d, "test", Severity.INFO, 10);
        List<String> lines = TriageText.lines(report, Theme.PLAIN, 80, d.findings().size() - report.findings().size());
        String text = String.join("\n", lines).replace(logPath.toString(), "<log>") + "\n";

        // Config, code, links and paths are copied as they are; everything else fits 80 columns.
        assertThat(lines).filteredOn(l -> !l.startsWith("               ") && !l.contains("https://") && l.strip().contains(" "))
                .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
        Path file = GOLDEN.resolve(golden);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, text);
        }
        assertThat(text).isEqualTo(Files.readString(file));
    }
}
