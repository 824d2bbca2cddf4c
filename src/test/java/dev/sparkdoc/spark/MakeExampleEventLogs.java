package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes the committed example event logs from real Spark runs. Not a test: it runs only when
 * {@code -Dsparkdoc.makeExamples=<repo root>} is given, which {@code scripts/make-examples} does.
 *
 * <p>Each log keeps Spark's own file names (they carry the application id, and a rolling
 * folder's files must match its folder), inside a folder named for what it shows.
 */
@EnabledIfSystemProperty(named = "sparkdoc.makeExamples", matches = ".+")
class MakeExampleEventLogs {

    /** Per joined row; the hot task of the skewed join gets ~150k rows, so ~6 s. */
    private static final int SKEW_MICROS_PER_ROW = 40;

    /** Every committed log stays under 300 KiB: they live in git forever. */
    private static final long MAX_BYTES = 300 * 1024;

    @TempDir
    Path work;

    private final List<String> index = new ArrayList<>();

    @Test
    void writeExamples() throws IOException {
        Path root = Path.of(System.getProperty("sparkdoc.makeExamples")).toAbsolutePath();
        Path logs = root.resolve("src/test/resources/spark/eventlogs");
        replaceDir(logs);

        finished(logs, "join-plain", EventLogFormat.plain(), "multi-stage join", this::join);
        finished(logs, "join-rolling-zstd", EventLogFormat.spark4Default(), "multi-stage join", this::join);
        finished(logs, "join-lz4", EventLogFormat.singleFile("lz4"), "multi-stage join", this::join);
        finished(logs, "join-snappy", EventLogFormat.singleFile("snappy"), "multi-stage join", this::join);
        cutWhileRunning(logs, "join-inprogress", EventLogFormat.plain());
        cutWhileRunning(logs, "join-inprogress-rolling-zstd", EventLogFormat.spark4Default());
        finished(logs, "skewed-join-plain", EventLogFormat.plain(), "skewed join", this::skewedJoin);
        finished(logs, "skewed-join-rolling-zstd", EventLogFormat.spark4Default(), "skewed join", this::skewedJoin);

        copySmallerSkewedExample(logs, root.resolve("examples/skewed-join"));
        Files.writeString(logs.resolve("README.md"), ExampleReadme.eventLogs(index));
    }

    private void join(LocalSpark spark) {
        spark.context().setJobDescription("multi-stage join");
        assertThat(SparkWorkloads.multiStageJoin(spark.session())).isEqualTo(SparkWorkloads.JOIN_KEYS);
    }

    private void skewedJoin(LocalSpark spark) {
        spark.context().setJobDescription("skewed join");
        assertThat(SparkWorkloads.skewedJoin(spark.session(), SKEW_MICROS_PER_ROW)).isEqualTo(SparkWorkloads.JOIN_ROWS);
    }

    private void finished(Path logs, String folder, EventLogFormat format, String what,
                          java.util.function.Consumer<LocalSpark> workload) throws IOException {
        Path dir = work.resolve(folder);
        Files.createDirectories(dir);
        Path log;
        String appId;
        TaskLedger ledger;
        try (LocalSpark spark = start(folder, dir, format)) {
            appId = spark.appId();
            ledger = spark.ledger();
            workload.accept(spark);
            log = spark.stop();
        }
        Path target = logs.resolve(folder);
        copyTree(log, target.resolve(log.getFileName()));
        record(folder, appId, what + ", finished", ledger, target.resolve(log.getFileName()));
    }

    /**
     * A real in-progress log: a join held at the {@link TaskGate} with both slots busy, and the
     * log copied before Spark stops. Spark flushes the log at job and stage boundaries, so the
     * copy holds the started jobs and stages but not the tasks of the running stage.
     */
    private void cutWhileRunning(Path logs, String folder, EventLogFormat format) throws IOException {
        Path dir = work.resolve(folder);
        Files.createDirectories(dir);
        Path target = logs.resolve(folder);
        String appId;
        Path live;
        TaskLedger ledger;
        try (LocalSpark spark = start(folder, dir, format); TaskGate gate = TaskGate.shut()) {
            appId = spark.appId();
            ledger = spark.ledger();
            BackgroundJob second = BackgroundJob.start(spark.session(), "multi-stage join, cut while running",
                    SparkWorkloads::gatedMultiStageJoin);
            Await.until("both slots hold a gated task", Duration.ofSeconds(60), () -> gate.waiting() == 2);
            spark.awaitListenersIdle();
            live = spark.liveEventLog();
            copyTree(live, target.resolve(live.getFileName()));
            gate.open();
            second.await(Duration.ofSeconds(60));
        }
        record(folder, appId, "multi-stage join, running when copied", ledger, target.resolve(live.getFileName()));
    }

    private static LocalSpark start(String name, Path dir, EventLogFormat format) {
        return LocalSpark.builder().appName("sparkdoc example " + name).eventLog(dir, format).start();
    }

    private void record(String folder, String appId, String what, TaskLedger ledger, Path written) throws IOException {
        assertThat(ExampleReadme.size(written)).as("committed example %s must stay small", written)
                .isLessThan(MAX_BYTES);
        index.add(ExampleReadme.row(folder, appId, what, ledger, written));
    }

    private static void copySmallerSkewedExample(Path logs, Path example) throws IOException {
        Path plain = single(logs.resolve("skewed-join-plain"));
        Path rolling = single(logs.resolve("skewed-join-rolling-zstd"));
        Path smaller = ExampleReadme.size(plain) <= ExampleReadme.size(rolling) ? plain : rolling;
        replaceDir(example);
        copyTree(smaller, example.resolve(smaller.getFileName()));
        Files.writeString(example.resolve("README.md"), ExampleReadme.skewedJoin(smaller.getFileName().toString()));
    }

    private static Path single(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.findFirst().orElseThrow();
        }
    }

    private static void replaceDir(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.createDirectories(dest.getParent());
                    Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
