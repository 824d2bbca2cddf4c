package dev.sparkdoc.spark;

import dev.sparkdoc.cli.CliRun;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.diff.Change;
import dev.sparkdoc.diff.ChangeKind;
import dev.sparkdoc.diff.DiffResult;
import dev.sparkdoc.diff.RunDiff;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.testing.RealSpark;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same real application run twice with one real difference, each run writing its event
 * log (one Spark at a time, stopped in between); {@code diff} must name that difference first,
 * on the right stage, with the right numbers. The application: orders (a CSV file) joined with
 * 1,000 customers (broadcast by default), repartitioned by key into 8 partitions, and each row
 * costs {@link #MICROS_PER_ROW} after the shuffle, so a partition's time follows its rows.
 */
@RealSpark
class DiffScenarioTest {

    static final long ROWS = 100_000;
    static final long KEYS = 1_000;
    static final int MICROS_PER_ROW = 20;
    static final String APP = "nightly orders";

    @TempDir
    static Path dir;

    @BeforeAll
    static void data() throws IOException {
        writeOrders(dir.resolve("orders"), ROWS, false);
        writeOrders(dir.resolve("orders-5x"), 5 * ROWS, false);
        writeOrders(dir.resolve("orders-hot"), ROWS, true);
        Files.createDirectories(dir.resolve("customers"));
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("customers/part-0.csv"))) {
            for (long k = 0; k < KEYS; k++) {
                w.write(k + "," + k % 7 + "\n");
            }
        }
        // JIT and class loading make a JVM's first Spark run slower: warm up without a log.
        long t0 = System.nanoTime();
        try (LocalSpark spark = LocalSpark.builder().appName("warm-up").start()) {
            workload(spark.session(), dir.resolve("orders"));
        }
        System.err.printf("DiffScenarioTest: warm-up run %d ms%n", (System.nanoTime() - t0) / 1_000_000);
    }

    /** id,key,amount; with {@code hotKey} three quarters of the rows have key 0. */
    static void writeOrders(Path folder, long rows, boolean hotKey) throws IOException {
        Files.createDirectories(folder);
        try (BufferedWriter w = Files.newBufferedWriter(folder.resolve("part-0.csv"))) {
            for (long id = 0; id < rows; id++) {
                long key = hotKey && id < rows * 3 / 4 ? 0 : id % KEYS;
                w.write(id + "," + key + "," + id * 7 % 1000 + "\n");
            }
        }
    }

    static long workload(SparkSession spark, Path orders) {
        spark.sparkContext().setJobDescription(APP);
        Dataset<Row> o = spark.read().schema("id LONG, key LONG, amount LONG").csv(orders.toString());
        Dataset<Row> customers = spark.read().schema("key LONG, segment LONG").csv(dir.resolve("customers").toString());
        return o.join(customers, "key").repartition(8, col("key")).select(col("id")).as(Encoders.LONG())
                .mapPartitions(new SparkWorkloads.CostPerRow(MICROS_PER_ROW), Encoders.LONG())
                .collectAsList().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * One run of the application; returns the finished log. Both runs of a pair log into the same
     * folder (as a scheduled job does): spark.eventLog.dir is a setting like any other.
     */
    static Path run(String pair, String name, Path orders, Map<String, String> conf) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs-" + pair));
        long t0 = System.nanoTime();
        LocalSpark.Builder b = LocalSpark.builder().appName(APP).eventLog(logs, EventLogFormat.plain())
                // the same in every run: AQE must not merge partitions by each run's sizes
                .conf("spark.sql.adaptive.coalescePartitions.enabled", "false");
        conf.forEach(b::conf);
        Path log;
        try (LocalSpark spark = b.start()) {
            assertThat(workload(spark.session(), orders)).isPositive();
            log = spark.stop();
        }
        System.err.printf("DiffScenarioTest: run %s %d ms, log %d bytes%n", name, (System.nanoTime() - t0) / 1_000_000,
                Files.size(log));
        return log;
    }

    static DiffResult diff(Path baseline, Path current) {
        AppSnapshot b = new EventLogSource(baseline).read();
        AppSnapshot c = new EventLogSource(current).read();
        DiffResult d = RunDiff.of(Diagnosis.of(b, RuleCatalog.builtIn()), Diagnosis.of(c, RuleCatalog.builtIn()),
                RunDiff.DEFAULT_THRESHOLD);
        System.err.printf("DiffScenarioTest: %s → %s ms; first: %s%n", d.baselineWallMs(), d.currentWallMs(),
                d.significant().isEmpty() ? "-" : d.significant().get(0));
        return d;
    }

    /** The stage of a run that read the most shuffle records: the costly stage after the repartition. */
    static Stage costlyStage(Path log) {
        return new EventLogSource(log).read().stages().stream()
                .max(Comparator.comparingLong(s -> s.totals().shuffleReadRecords())).orElseThrow();
    }

    @Test
    void twoRunsOfTheUnchangedApplicationShowNoSignificantDifference() throws IOException {
        Path before = run("same", "same-1", dir.resolve("orders"), Map.of());
        Path after = run("same", "same-2", dir.resolve("orders"), Map.of());
        CliRun cli = CliRun.of("diff", "--no-color", before.toString(), after.toString());
        assertThat(cli.exitCode()).as(cli.out()).isZero();
        assertThat(cli.out()).startsWith("SAME: no significant difference");
        assertThat(diff(before, after).significant()).isEmpty();
    }

    @Test
    void fiveTimesTheInputRowsIsNamedFirstOnTheCostlyStage() throws IOException {
        Path before = run("rows", "rows-1x", dir.resolve("orders"), Map.of());
        Path after = run("rows", "rows-5x", dir.resolve("orders-5x"), Map.of());
        DiffResult d = diff(before, after);
        Change first = d.significant().get(0);
        assertThat(first.kind()).isEqualTo(ChangeKind.STAGE);
        assertThat(first.currentId()).contains(costlyStage(after).key());
        assertThat(first.title()).containsPattern("took \\+[0-9.]+ s .*: 5\\.[0-9]× the shuffle read");
        assertThat(first.metrics()).anySatisfy(m -> {
            assertThat(m.name()).isEqualTo("shuffle read records");
            assertThat(m.before()).isEqualTo(ROWS);
            assertThat(m.after()).isEqualTo(5 * ROWS);
        });
        assertThat(first.secondsExplained().orElseThrow()).isGreaterThan(1);
        assertThat(d.worse()).isTrue();
    }

    @Test
    void turningBroadcastJoinsOffIsNamedFirstAsThePlanChangeWithItsCause() throws IOException {
        Path before = run("broadcast", "broadcast", dir.resolve("orders"), Map.of());
        Path after = run("broadcast", "no-broadcast", dir.resolve("orders"), Map.of("spark.sql.autoBroadcastJoinThreshold", "-1"));
        DiffResult d = diff(before, after);
        Change first = d.significant().get(0);
        assertThat(first.kind()).isEqualTo(ChangeKind.PLAN);
        assertThat(first.title()).isEqualTo("plan changed: BroadcastHashJoin → SortMergeJoin");
        assertThat(first.details()).contains("likely cause: spark.sql.autoBroadcastJoinThreshold set to -1 (was unset)");
        assertThat(first.details()).anyMatch(l -> l.contains("Exchange"));
        assertThat(d.significant()).anyMatch(c -> c.kind() == ChangeKind.CONFIG
                && c.where().equals("spark.sql.autoBroadcastJoinThreshold"));
    }

    @Test
    void aHotKeyIsNamedFirstAsSkewAppearingOnTheCostlyStage() throws IOException {
        Path before = run("keys", "even-keys", dir.resolve("orders"), Map.of());
        Path after = run("keys", "hot-key", dir.resolve("orders-hot"), Map.of());
        DiffResult d = diff(before, after);
        Change first = d.significant().get(0);
        assertThat(first.kind()).isEqualTo(ChangeKind.STAGE);
        assertThat(first.currentId()).contains(costlyStage(after).key());
        assertThat(first.title()).contains("skew appeared: largest/median task data");
        assertThat(first.metrics()).anySatisfy(m -> {
            assertThat(m.name()).isEqualTo("largest/median task data ratio");
            assertThat(m.before()).isLessThan(2);
            assertThat(m.after()).isGreaterThan(5);
        });
    }
}
