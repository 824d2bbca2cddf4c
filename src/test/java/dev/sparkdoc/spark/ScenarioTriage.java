package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.Signals;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;

/**
 * One scenario's application, triaged twice with the built-in rules: live over the driver's REST
 * API once the workload returned (Spark still running), and from its event log after Spark
 * stopped. Prints the top findings of both, for the timing and tuning notes.
 */
record ScenarioTriage(String name, long result, Diagnosis live, Diagnosis log, long millis) {

    static final Duration PATIENCE = Duration.ofMinutes(2);

    /** A scenario's Spark work; returns a number the test checks, so the work really happened. */
    interface Workload {
        long run(SparkSession spark);
    }

    static ScenarioTriage run(String name, LocalSpark.Builder builder, Path logs, Workload workload) {
        return run(name, builder, logs, workload, rest -> { });
    }

    /** As {@link #run(String, LocalSpark.Builder, Path, Workload)}, calling {@code whileRunning} while the workload runs. */
    static ScenarioTriage run(String name, LocalSpark.Builder builder, Path logs, Workload workload,
                              Consumer<RestSource> whileRunning) {
        long t0 = System.nanoTime();
        Diagnosis live;
        Diagnosis fromLog;
        long result;
        try (LocalSpark spark = builder.appName("scenario: " + name).eventLog(logs, EventLogFormat.plain()).start();
             RestSource rest = new RestSource(new Target.Http(URI.create(spark.uiUrl() + "/")), AppSelector.ANY,
                     HttpOptions.DEFAULT)) {
            BackgroundJob job = BackgroundJob.start(spark.session(), "scenario: " + name, workload::run);
            whileRunning.accept(rest);
            result = job.await(PATIENCE);
            // the UI's status store and the event-log writer see the job's end asynchronously
            spark.awaitListenersIdle();
            live = Diagnosis.of(Await.value("the driver's REST API answers", PATIENCE, () -> readOrNull(rest),
                    java.util.Objects::nonNull), RuleCatalog.builtIn());
            Path log = spark.stop();
            fromLog = Diagnosis.of(new EventLogSource(log).read(), RuleCatalog.builtIn());
        }
        ScenarioTriage t = new ScenarioTriage(name, result, live, fromLog, (System.nanoTime() - t0) / 1_000_000);
        System.err.printf("ScenarioTest [%s] %d ms%n  live: %s%n  log:  %s%n", name, t.millis(), top(live), top(fromLog));
        return t;
    }

    /**
     * A live read, or null when the driver did not answer in time: a new application's UI builds
     * its REST resources on the first request, which on a loaded single core can take longer
     * than the client's 10 s; the caller asks again.
     */
    static AppSnapshot readOrNull(RestSource rest) {
        try {
            return rest.read();
        } catch (dev.sparkdoc.source.rest.RestFault e) {
            System.err.println("ScenarioTriage: the driver did not answer yet (" + e.getMessage() + "); asking again");
            return null;
        }
    }

    List<Diagnosis> both() {
        return List.of(live, log);
    }

    /**
     * The first finding at warning or above is of {@code family}, from both sources; and both
     * reports, as 'triage --json' prints them, validate against docs/triage.schema.json.
     */
    void assertFirst(String family) {
        for (Diagnosis d : both()) {
            assertThat(dev.sparkdoc.testing.TriageSchema.errors(d)).as(describe(d)).isEmpty();
            List<Finding> serious = d.atLeast(Severity.WARNING);
            assertThat(serious).as(describe(d)).isNotEmpty();
            assertThat(serious.get(0).family()).as(describe(d)).isEqualTo(family);
        }
    }

    /** Every finding with its condition's leaves: the message of a failed assertion. */
    String describe(Diagnosis d) {
        return describe(name, d);
    }

    static String describe(String name, Diagnosis d) {
        String findings = d.findings().stream().map(ScenarioTriage::line).collect(Collectors.joining("\n  "));
        return name + ", " + d.snapshot().source().kind() + ": findings\n  " + (findings.isEmpty() ? "(none)" : findings)
                + streams(d);
    }

    /** What the streaming rules read of each query: a failure on a loaded machine says why without a rerun. */
    private static String streams(Diagnosis d) {
        return d.facts().of(ScopeKind.STREAM).stream().map(q -> "\n  stream " + q.scope().label() + ": " + Arrays.stream(STREAM_FACTS)
                .map(f -> f + "=" + q.value(f).stream().mapToObj(v -> String.format(Locale.ROOT, "%.3g", v)).findFirst().orElse("-"))
                .collect(Collectors.joining(" "))).collect(Collectors.joining());
    }

    private static final String[] STREAM_FACTS = {"stream.batches", "stream.window", "stream.backToBack", "stream.rate.ratio",
        "stream.rows.growth", "stream.lag.growth", "stream.batch.p50"};

    void print(String... facts) {
        print(ScopeKind.STAGE, facts);
    }

    /** The facts a scenario's rule reads, per scope and source: what is needed to tune a threshold. */
    void print(ScopeKind kind, String... facts) {
        for (Diagnosis d : both()) {
            AppSnapshot s = d.snapshot();
            for (ScopeFacts scope : Signals.compute(s).of(kind)) {
                String values = Arrays.stream(facts)
                        .map(f -> f + "=" + scope.value(f).stream().mapToObj(v -> String.format(Locale.ROOT, "%.3g", v))
                                .findFirst().orElse("-"))
                        .collect(Collectors.joining(" "));
                System.err.printf("  %s %s %s: %s%n", name, s.source().kind(), scope.scope().label(), values);
            }
        }
    }

    /**
     * The live diagnosis at the moment the oldest running task has run {@code age} by the
     * snapshot's clock (the "while the slow task runs, at 12 s"): the first poll that
     * sees it, as a user's attach would on its next refresh.
     */
    static Diagnosis whenATaskHasRun(String name, RestSource rest, Duration age) {
        return whenATaskHasRun(name, rest, age, snap -> true);
    }

    /**
     * The same, at the first such poll that also has what {@code complete} asks of it: a poll whose
     * optional reads (a query's plan text) failed on a loaded machine is filled by the next one.
     */
    static Diagnosis whenATaskHasRun(String name, RestSource rest, Duration age, java.util.function.Predicate<AppSnapshot> complete) {
        AppSnapshot s = Await.value("a task of \"" + name + "\" running for " + age.toSeconds() + " s", PATIENCE,
                () -> readOrNull(rest), snap -> snap != null && oldestRunningMs(snap) >= age.toMillis() && complete.test(snap));
        Diagnosis d = Diagnosis.of(s, RuleCatalog.builtIn());
        System.err.printf("ScenarioTest [%s] while a task has run %.1f s: %s%n", name, oldestRunningMs(s) / 1000.0, top(d));
        return d;
    }

    private static long oldestRunningMs(AppSnapshot s) {
        return s.stages().stream().flatMap(st -> st.notableTasks().stream()).filter(TaskSample::running)
                .mapToLong(TaskSample::durationMs).max().orElse(0);
    }

    static String top(Diagnosis d) {
        return d.findings().stream().limit(3).map(f -> f.rule() + " " + f.severity() + " "
                + String.format(Locale.ROOT, "%.1fs", f.secondsLost())).collect(Collectors.joining(", "));
    }

    private static String line(Finding f) {
        String leaves = f.evidence().stream().filter(e -> e.op().isPresent())
                .map(e -> e.fact() + "=" + e.display()).collect(Collectors.joining(" "));
        return String.format(Locale.ROOT, "%s %s %.1fs on %s: %s [%s]", f.rule(), f.severity(), f.secondsLost(),
                f.scope().label(), f.title(), leaves);
    }
}
