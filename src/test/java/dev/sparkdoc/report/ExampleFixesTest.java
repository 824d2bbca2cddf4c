package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fixes of the README's example (a skewed join of a Java app on Spark 4.0.1, one hot key): the
 * simplest first, two lines each in the text report, none that cannot work, and code in the app's
 * own JVM language.
 */
class ExampleFixesTest {

    private static final Path EXAMPLE = Path.of("examples/skewed-join/eventlog_v2_local-1795967361954");

    private static Diagnosis diagnosis;

    @BeforeAll
    static void read() throws IOException {
        diagnosis = Diagnosis.of(new EventLogSource(EXAMPLE).read(), RuleCatalog.builtIn());
    }

    @Test
    void aSettingComesBeforeCodeAndCodeBeforeWordsInEveryFinding() {
        for (Finding f : diagnosis.findings()) {
            List<Integer> effort = f.remedies().stream().map(r -> !r.conf().isEmpty() ? 0 : r.code().isPresent() ? 1 : 2).toList();
            assertThat(effort).as(f.title()).isSorted();
        }
        Finding join = finding("joins.");
        assertThat(join.remedies().get(0).conf()).containsKey("spark.sql.autoBroadcastJoinThreshold");
    }

    @Test
    void moreShufflePartitionsAreNotOfferedForOneHotJoinKey() {
        Finding skew = finding("skew.stage-task-time");
        assertThat(skew.remedies()).flatExtracting(r -> r.conf().keySet()).doesNotContain("spark.sql.shuffle.partitions");
        assertThat(skew.remedies()).extracting(Remedy::text).anyMatch(t -> t.contains("salt the hot key"));
    }

    @Test
    void eachFixIsTwoLinesAtMostAndItsWhyIsInTheDetail() {
        TriageReport report = TriageReport.of(diagnosis, "test", Severity.INFO, 10);
        List<String> lines = TriageText.lines(report, Theme.PLAIN, 80, 0);
        List<Integer> fixLengths = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("   fix ")) {
                int n = 1;
                while (i + n < lines.size() && lines.get(i + n).startsWith("             ") && !lines.get(i + n).startsWith("               ")) {
                    n++;
                }
                fixLengths.add(n);
            }
        }
        assertThat(fixLengths).isNotEmpty().allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(2));
        String text = String.join("\n", lines);
        assertThat(text).doesNotContain("spark.sql.adaptive.advisoryPartitionSizeInBytes");
        assertThat(finding("skew.stage-task-time").remedies()).flatExtracting(r -> r.why().stream().toList())
                .anyMatch(w -> w.contains("spark.sql.adaptive.advisoryPartitionSizeInBytes"));
        assertThat(TriageJson.render(report)).contains("\"why\"");
    }

    @Test
    void codeIsInTheJvmLanguageOfTheAppNotPython() {
        List<String> code = diagnosis.findings().stream().flatMap(f -> f.remedies().stream()).flatMap(r -> r.code().stream()).toList();
        assertThat(code).isNotEmpty().noneMatch(c -> c.contains("pyspark") || c.contains("# ") || c.contains("desc('count')"));
    }

    private static Finding finding(String rulePrefix) {
        return diagnosis.findings().stream().filter(f -> f.rule().startsWith(rulePrefix)).findFirst()
                .orElseThrow(() -> new AssertionError(rulePrefix + " did not fire"));
    }
}
