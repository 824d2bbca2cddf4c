package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.tui.LocalProcessFeed;
import dev.sparkdoc.tui.ProcessFeed;
import dev.sparkdoc.tui.ProcessRow;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real PySpark 3.5.1 applications ({@code spark-submit app.py} in a JVM of their own, Apache Spark's
 * Python side from {@code ../shared/pyspark-3.5.1}): what sparkdoc says live over REST, from the
 * event log, and what {@code ps} sees of the driver, the script and the Python workers. Skipped,
 * saying why, on a clone without that folder.
 */
@RealSpark
class PySparkScenarioTest {

    private static final Duration PATIENCE = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    @BeforeEach
    void needsPySpark() {
        assumeTrue(PySparkApp.available(), () -> "skipped: " + PySparkApp.unavailableReason());
    }

    @Test
    void aPythonUdfThatMeetsABadRecordIsTheTopFindingWithItsTracebackLiveAndAfter() throws Exception {
        Path log = failingApp("udf_error.py", Map.of(), "python.exception",
                "Python error in stage", "ValueError in parse_amount at udf_error.py:");
        CliRun text = CliRun.of("triage", log.toString());
        assertThat(text.exitCode()).as(text.err()).isEqualTo(1);
        assertThat(text.out().lines().findFirst().orElseThrow()).startsWith("CRITICAL: Python error in stage")
                .contains("ValueError in parse_amount");
        assertThat(text.out()).contains("Spark 3.5.1 · completed", "local mode, 2 slots");
    }

    @Test
    void aWorkerOverItsPysparkMemoryIsTheLimitHitNotABugInTheUdf() throws Exception {
        failingApp("python_memory.py", Map.of("spark.executor.pyspark.memory", "300m"), "python.worker-memory-limit",
                "hit their memory limit", "MemoryError in hold_batch at python_memory.py:");
    }

    @Test
    void aWorkerThatDiesWithoutATracebackIsACrashNotAnEofException() throws Exception {
        failingApp("python_crash.py", Map.of(), "python.worker-crashed", "died without a traceback");
    }

    @Test
    void aJoinOnASkewedKeyIsDataSkewFirstLiveAndAfterOnSpark35() throws Exception {
        // 8 reduce tasks; the hot one reads 8,304 of 9,600 rows and takes ≥ 8.3 s of sleeps whatever the machine's pace
        Map<String, String> conf = Map.of("spark.sql.shuffle.partitions", "8", "spark.sql.autoBroadcastJoinThreshold", "-1",
                "spark.sql.adaptive.coalescePartitions.enabled", "false");
        for (Diagnosis d : liveAndAfter("skewed_join.py", conf, "done").both()) {
            Finding top = first(d);
            assertThat(top.rule()).as(describe(d)).isEqualTo("skew.stage-task-time");
            assertThat(top.title()).as(describe(d)).startsWith("Data skew in stage 4: the slowest task took ");
            assertThat(top.secondsLost()).isBetween(3.0, d.snapshot().application().knownDurationMs(d.snapshot().takenAt())
                    .orElseThrow() / 1000.0);
        }
    }

    @Test
    void aSlowRowUdfIsTheTopFindingNamedByItsFunctionWhileItRunsAndAfter() throws Exception {
        List<Diagnosis> whileRunning = new java.util.ArrayList<>();
        Run run = liveAndAfter("slow_udf.py", Map.of(), "done",
                // the UDF is named from the running query's plan text, an optional read a loaded poll may miss
                rest -> whileRunning.add(ScenarioTriage.whenATaskHasRun("slow_udf.py", rest, java.time.Duration.ofSeconds(12),
                        snap -> snap.sqlExecutions().stream().anyMatch(q -> q.nodes().stream()
                                .anyMatch(n -> n.detail().contains("slow_normalize"))))));
        // at 12 s of a task: the query has run 12 s, past the rule's 10 s
        assertSlowRowUdf(whileRunning.get(0), 10.0);
        for (Diagnosis d : run.both()) {
            // 40,000 sleeps of 1 ms over 2 slots: at least 20 s
            assertSlowRowUdf(d, 19.0);
        }
    }

    private static void assertSlowRowUdf(Diagnosis d, double atLeastSeconds) {
        Finding top = first(d);
        assertThat(top.rule()).as(describe(d)).isEqualTo("udf.python-row-udf");
        assertThat(top.title()).as(describe(d)).contains("slow_normalize");
        // never more than the app lived
        assertThat(top.secondsLost()).as(describe(d)).isBetween(atLeastSeconds, d.snapshot().application()
                .knownDurationMs(d.snapshot().takenAt()).orElseThrow() / 1000.0);
        // a Python app: no JVM UDF is read into the Python one's plan
        assertThat(d.findings()).extracting(Finding::rule).doesNotContain("udf.jvm-udf");
    }

    /**
     * Runs a script whose job fails and that then holds; the first finding at warning or above,
     * live over REST and from the event log, is {@code rule}, critical, its title holding {@code title}.
     */
    private Path failingApp(String script, Map<String, String> conf, String rule, String... title) throws Exception {
        Run run = liveAndAfter(script, conf, "failed");
        for (Diagnosis d : run.both()) {
            Finding top = first(d);
            assertThat(top.rule()).as(describe(d)).isEqualTo(rule);
            assertThat(top.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(top.title()).as(describe(d)).contains(title);
            assertThat(top.secondsLost()).isBetween(0.0, d.snapshot().application().knownDurationMs(d.snapshot().takenAt())
                    .orElseThrow() / 1000.0);
            // the tracebacks are simplified by default: no fix may propose that again
            assertThat(d.findings()).flatExtracting(Finding::remedies)
                    .noneMatch(r -> r.conf().containsKey("spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled"));
        }
        return run.log();
    }

    /** A script's application diagnosed live and from the event log it left. */
    private record Run(Diagnosis live, Diagnosis after, Path log) {
        List<Diagnosis> both() {
            return List.of(live, after);
        }
    }

    /**
     * Runs a script until it leaves {@code mark} and holds; diagnoses it live over REST, then from
     * its event log once released. Both are Spark 3.5.1.
     */
    private Run liveAndAfter(String script, Map<String, String> conf, String mark) throws Exception {
        return liveAndAfter(script, conf, mark, rest -> { });
    }

    /** As above, calling {@code whileRunning} on the live REST API before waiting for the mark. */
    private Run liveAndAfter(String script, Map<String, String> conf, String mark,
                             java.util.function.Consumer<RestSource> whileRunning) throws Exception {
        Diagnosis live;
        Path log;
        try (PySparkApp app = PySparkApp.submit(dir, script, conf)) {
            URI ui = app.uiUrl(PATIENCE);
            try (RestSource rest = new RestSource(new Target.Http(ui), AppSelector.ANY, HttpOptions.DEFAULT)) {
                whileRunning.accept(rest);
                app.awaitMark(mark, PATIENCE);
                live = Diagnosis.of(Await.value("the driver's REST API answers", PATIENCE,
                        () -> ScenarioTriage.readOrNull(rest), java.util.Objects::nonNull), RuleCatalog.builtIn());
            }
            log = app.finish(PATIENCE);
        }
        Diagnosis after = Diagnosis.of(new EventLogSource(log).read(), RuleCatalog.builtIn());
        System.err.printf("PySparkScenarioTest [%s]%n  live: %s%n  log:  %s%n", script, ScenarioTriage.top(live), ScenarioTriage.top(after));
        for (Diagnosis d : List.of(live, after)) {
            assertThat(d.snapshot().application().sparkVersion()).contains("3.5.1");
        }
        return new Run(live, after, log);
    }

    @Test
    void theDriverItsScriptTheDaemonAndEachWorkerShowAsOneApplication() throws Exception {
        Path log;
        String appId;
        long jvm;
        List<String> workers;
        JsonNode ps;
        try (PySparkApp app = PySparkApp.submit(dir, "python_workers.py", Map.of())) {
            jvm = app.pid();
            URI ui = app.uiUrl(PATIENCE);
            // both tasks sit in their UDF, each in its own Python worker, until released
            Await.until("two Python workers run the UDF", PATIENCE, () -> workerMarks(app).size() >= 2);
            workers = workerMarks(app);
            // with the driver's address, as after attach: the app id comes from its REST API, not a probe of its ports
            CliRun run = CliRun.of("ps", "--json", "127.0.0.1:" + ui.getPort());
            assertThat(run.exitCode()).as(run.err()).isZero();
            ps = Json.mapper().readTree(run.out());
            log = app.finish(PATIENCE);
            appId = new EventLogSource(log).read().application().id();
        }

        JsonNode group = StreamSupport.stream(ps.get("applications").spliterator(), false)
                .filter(a -> a.path("appId").asText().equals(appId)).findFirst()
                .orElseThrow(() -> new AssertionError("no application " + appId + " in\n" + ps.toPrettyString()));
        JsonNode driver = group.get("jvms").get(0);
        assertThat(driver.get("pid").asLong()).isEqualTo(jvm);
        assertThat(driver.get("role").asText()).isEqualTo("driver");
        // spark-submit app.py: the script is the JVM's child
        JsonNode script = driver.get("driverPython").get(0);
        assertThat(script.get("ppid").asLong()).isEqualTo(jvm);
        assertThat(script.get("role").asText()).isEqualTo("driver-python");
        JsonNode daemon = driver.get("daemons").get(0);
        assertThat(daemon.get("ppid").asLong()).isEqualTo(jvm);
        List<String> seen = new ArrayList<>();
        for (JsonNode w : daemon.get("workers")) {
            assertThat(w.get("role").asText()).isEqualTo("python-worker");
            assertThat(w.get("appId").asText()).isEqualTo(appId);
            assertThat(w.get("rssBytes").asLong()).isPositive();
            seen.add("worker-" + w.get("pid").asLong());
        }
        assertThat(seen).as("the workers that marked are the workers ps shows").containsAll(workers);
    }

    @Test
    void aScriptRunWithPythonIsItsDriverJvmsParentAndShowsBesideItInPsAndTheProcessesPane() throws Exception {
        long script;
        long jvm;
        List<String> workers;
        JsonNode ps;
        String text;
        List<ProcessRow> pane;
        String appId;
        try (PySparkApp app = PySparkApp.runWithPython(dir, "python_workers.py", Map.of())) {
            script = app.pid();
            URI ui = app.uiUrl(PATIENCE);
            jvm = app.jvmPid();
            Await.until("two Python workers run the UDF", PATIENCE, () -> workerMarks(app).size() >= 2);
            workers = workerMarks(app);
            CliRun run = CliRun.of("ps", "--json", "127.0.0.1:" + ui.getPort());
            assertThat(run.exitCode()).as(run.err()).isZero();
            ps = Json.mapper().readTree(run.out());
            text = CliRun.of("ps", "--no-color", "127.0.0.1:" + ui.getPort()).out();
            try (RestSource rest = new RestSource(new Target.Http(ui), AppSelector.ANY, HttpOptions.DEFAULT)) {
                AppSnapshot snap = Await.value("the driver's REST API answers", PATIENCE, () -> ScenarioTriage.readOrNull(rest),
                        java.util.Objects::nonNull);
                appId = snap.application().id();
                ProcessFeed feed = LocalProcessFeed.forTarget(new Target.Http(ui));
                feed.sample(snap);
                pane = feed.sample(snap).rows();
            }
            app.finish(PATIENCE);
        }
        System.err.printf("PySparkScenarioTest [python python_workers.py]%n%s%n", text);

        JsonNode group = StreamSupport.stream(ps.get("applications").spliterator(), false)
                .filter(a -> a.path("appId").asText().equals(appId)).findFirst()
                .orElseThrow(() -> new AssertionError("no application " + appId + " in\n" + ps.toPrettyString()));
        JsonNode driver = group.get("jvms").get(0);
        assertThat(driver.get("pid").asLong()).isEqualTo(jvm);
        assertThat(driver.get("ppid").asLong()).as("python app.py launched the JVM").isEqualTo(script);
        JsonNode python = driver.get("driverPython").get(0);
        assertThat(python.get("pid").asLong()).isEqualTo(script);
        assertThat(python.get("role").asText()).isEqualTo("driver-python");
        assertThat(python.get("appId").asText()).isEqualTo(appId);
        JsonNode daemon = driver.get("daemons").get(0);
        assertThat(daemon.get("ppid").asLong()).isEqualTo(jvm);
        List<String> seen = new ArrayList<>();
        daemon.get("workers").forEach(w -> seen.add("worker-" + w.get("pid").asLong()));
        assertThat(seen).containsAll(workers);
        // sparkdoc itself (this test JVM holds spark-core) is nowhere
        long self = ProcessHandle.current().pid();
        assertThat(ps.toString()).doesNotContain("\"pid\":" + self + ",");

        // the text: the script above its JVM, the command column naming what runs
        List<String> lines = text.lines().toList();
        int scriptRow = indexOf(lines, script + "  driver python");
        int jvmRow = indexOf(lines, jvm + "  └ driver");
        assertThat(scriptRow).as(text).isNotNegative().isLessThan(jvmRow);
        assertThat(lines.get(scriptRow)).endsWith("python_workers.py");
        assertThat(lines.get(jvmRow)).endsWith("pyspark-shell");
        // Spark's view without process-tree metrics: not measured is unknown, never "0B"
        assertThat(text).contains("Spark's view of " + appId).doesNotContain(" 0B");

        // the Processes pane: the same tree, the script first, the daemon and the workers under the JVM
        assertThat(pane).extracting(ProcessRow::pid).startsWith(script, jvm);
        assertThat(pane.get(0).role()).isEqualTo("driver python");
        assertThat(pane.get(1).role()).isEqualTo("└ driver");
        assertThat(pane).filteredOn(r -> r.role().equals("└ pyspark.daemon")).hasSize(1);
        assertThat(pane).filteredOn(r -> r.role().equals(" └ python worker")).extracting(r -> "worker-" + r.pid())
                .containsAll(workers);
        assertThat(pane).extracting(ProcessRow::pid).doesNotContain(self);
    }

    private static int indexOf(List<String> lines, String start) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith(start)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void aHealthyPySparkAppShowsNothingAtWarningLiveOrAfter() throws Exception {
        for (Diagnosis d : liveAndAfter("healthy.py", Map.of(), "done").both()) {
            assertThat(d.atLeast(Severity.WARNING)).as(describe(d)).isEmpty();
        }
    }

    private static List<String> workerMarks(PySparkApp app) {
        try {
            return app.marks().stream().filter(m -> m.startsWith("worker-")).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Finding first(Diagnosis d) {
        List<Finding> serious = d.atLeast(Severity.WARNING);
        assertThat(serious).as(describe(d)).isNotEmpty();
        return serious.get(0);
    }

    private static String describe(Diagnosis d) {
        return d.snapshot().source().kind() + ": " + d.findings().stream()
                .map(f -> f.rule() + " " + f.severity() + " " + f.title()).toList();
    }
}
