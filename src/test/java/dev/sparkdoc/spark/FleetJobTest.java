package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.testing.RealSpark;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The fleet job on a real Spark over a folder of real event logs (every codec, plain and rolling,
 * complete, cut off and in progress, Spark 3.1 to 4.0, a malformed one, a corrupt and an empty
 * one): the Parquet tables it writes hold, log for log, what {@link LogRowsReader} makes of each
 * log, and a second run over the same folder adds nothing. The same holds of Delta folders and of
 * Iceberg tables in a catalog ({@code --tables}).
 */
@RealSpark
class FleetJobTest {

    /** Logs from the repository and the shared fixtures beside the clone (skipped when absent). */
    private static final List<String> LOGS = List.of(
            "examples/skewed-join/eventlog_v2_local-1795967361954",
            "examples/cut-off-log/eventlog_v2_local-1795967351871",
            "examples/healthy-join/eventlog_v2_local-1795967347590",
            "src/test/resources/spark/eventlogs/join-lz4/local-1795967348680.lz4",
            "src/test/resources/spark/eventlogs/join-snappy/local-1795967349553.snappy",
            "src/test/resources/spark/eventlogs/join-inprogress/local-1795967350496.inprogress",
            "src/test/resources/spark/eventlogs/failed-queries/local-1796188719838",
            "src/test/resources/spark/eventlogs/spark35/local-1795969770784",
            "../shared/fixtures/public-eventlogs/NVIDIA-spark-rapids-tools/spark-events-profiling/rp_sql_eventlog.zstd",
            "../shared/fixtures/public-eventlogs/NVIDIA-spark-rapids-tools/spark-events-profiling/malformed_json_eventlog.zstd",
            "../shared/fixtures/public-eventlogs/NVIDIA-spark-rapids-tools/spark-events-qualification/eventlog_v2_local-1623876083964");

    /** The job's options over a folder: no --since, so the clock only has to be one (a fixed one). */
    private static FleetJobOptions options(String events, String out) {
        return FleetJobOptions.parse(List.of("--events", events, "--out", out),
                Clock.fixed(Instant.parse("2026-12-06T00:00:00Z"), ZoneOffset.UTC));
    }

    @Test
    void writesWhatEachLogReadsAsAndAppendsNothingTheSecondTime() throws IOException {
        Path events = eventsFolder();
        Path out = Files.createTempDirectory("sparkdoc-fleet-out-");
        FleetJobOptions options = options(events.toUri().toString(), out.toUri().toString());
        Map<String, LogRows> expected = expected(events);

        try (LocalSpark local = LocalSpark.builder().appName("fleet-job").start()) {
            SparkSession spark = local.session();
            long t0 = System.nanoTime();
            FleetJob.Outcome first = FleetJob.run(spark, options);
            System.err.printf("FleetJob first run: %d logs in %d ms%n", first.read(), (System.nanoTime() - t0) / 1_000_000);

            assertThat(first.listed()).isEqualTo(expected.size());
            assertThat(first.read()).isEqualTo(expected.size());
            assertThat(first.unreadable()).isEqualTo(expected.values().stream()
                    .filter(r -> List.of("unreadable", "empty").contains(r.application().status())).count());
            assertStoreHolds(spark, out, expected);
            assertThat(out.resolve("applications")).isDirectoryContaining(p -> p.getFileName().toString().startsWith("day="));

            List<Path> files = dataFiles(out);
            FleetJob.Outcome second = FleetJob.run(spark, options);
            assertThat(second.read()).isZero();
            assertThat(second.alreadyStored()).isEqualTo(expected.size());
            assertThat(dataFiles(out)).isEqualTo(files);
            assertStoreHolds(spark, out, expected);

            assertReportRanksTheCostliestRuleFirst(spark, options, expected);
        }
    }

    @Test
    void readsTheLogsInTheExecutorJvmsOfALocalCluster() throws IOException {
        Path events = eventsFolder();
        Path out = Files.createTempDirectory("sparkdoc-fleet-out-");
        FleetJobOptions options = options(events.toUri().toString(), out.toUri().toString());
        Map<String, LogRows> expected = expected(events);
        Set<String> executors = ConcurrentHashMap.newKeySet();

        try (LocalSpark local = LocalSpark.builder().appName("fleet-job-cluster").master("local-cluster[2,1,1024]")
                .realExecutors().start()) {
            local.context().addSparkListener(new SparkListener() {
                @Override
                public void onTaskEnd(SparkListenerTaskEnd end) {
                    executors.add(end.taskInfo().executorId());
                }
            });
            FleetJob.Outcome run = FleetJob.run(local.session(), options);

            assertThat(run.read()).isEqualTo(expected.size());
            assertStoreHolds(local.session(), out, expected);
            local.awaitListenersIdle();
        }
        assertThat(executors).isNotEmpty().doesNotContain("driver");
    }

    @Test
    void aLogThatChangedIsReadAgainAndOnlyThatOne() throws IOException {
        Path events = Files.createTempDirectory("sparkdoc-fleet-events-");
        copy(Path.of("src/test/resources/spark/eventlogs/join-plain/local-1795967342242"), events);
        copy(Path.of("src/test/resources/spark/eventlogs/join-lz4/local-1795967348680.lz4"), events);
        Path out = Files.createTempDirectory("sparkdoc-fleet-out-");
        FleetJobOptions options = options(events.toString(), out.toString());

        try (LocalSpark local = LocalSpark.builder().appName("fleet-job-incremental").start()) {
            assertThat(FleetJob.run(local.session(), options).read()).isEqualTo(2);
            Path plain = events.resolve("local-1795967342242");
            Files.setLastModifiedTime(plain, java.nio.file.attribute.FileTime.fromMillis(
                    Files.getLastModifiedTime(plain).toMillis() + 60_000));

            FleetJob.Outcome again = FleetJob.run(local.session(), options);

            assertThat(again.read()).isEqualTo(1);
            assertThat(again.alreadyStored()).isEqualTo(1);
        }
    }

    @Test
    void writesDeltaTablesWhereTheClusterHasDelta() throws IOException {
        Path events = Files.createTempDirectory("sparkdoc-fleet-events-");
        copy(Path.of("src/test/resources/spark/eventlogs/join-plain/local-1795967342242"), events);
        copy(Path.of("src/test/resources/spark/eventlogs/failed-queries/local-1796188719838"), events);
        copy(Path.of("examples/skewed-join/eventlog_v2_local-1795967361954"), events);
        Path out = Files.createTempDirectory("sparkdoc-fleet-out-");
        FleetJobOptions options = FleetJobOptions.parse(List.of("--events", events.toString(), "--out", out.toString(),
                "--format", "delta"), Clock.fixed(Instant.parse("2026-12-06T00:00:00Z"), ZoneOffset.UTC));
        Map<String, LogRows> expected = expected(events);

        try (LocalSpark local = LocalSpark.builder().appName("fleet-job-delta")
                .conf("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
                .conf("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog").start()) {
            SparkSession spark = local.session();
            assertThat(FleetJob.run(spark, options).read()).isEqualTo(3);
            assertThat(out.resolve("applications").resolve("_delta_log")).isDirectory();
            assertThat(out.resolve("findings").resolve("_delta_log")).isDirectory();
            assertStoreHolds(spark, out, expected, "delta");

            FleetJob.Outcome second = FleetJob.run(spark, options);
            assertThat(second.read()).isZero();
            assertThat(second.alreadyStored()).isEqualTo(3);
            assertStoreHolds(spark, out, expected, "delta");

            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ReportPrinter.print(spark, options, new PrintStream(bytes, true, StandardCharsets.UTF_8));
            assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("== costly-rules ==", "== logs-by-status ==", "complete\t2\t", "failed\t1\t");

            // the same Delta tables as tables of the session catalog (DeltaCatalog), in a namespace made beforehand
            Path namespace = Files.createTempDirectory("sparkdoc-fleet-delta-namespace-");
            spark.sql("CREATE NAMESPACE fleet_delta LOCATION '" + namespace.toUri() + "'");
            FleetJobOptions catalog = FleetJobOptions.parse(List.of("--events", events.toString(), "--tables",
                    "spark_catalog.fleet_delta", "--format", "delta"), Clock.fixed(Instant.parse("2026-12-06T00:00:00Z"), ZoneOffset.UTC));
            assertThat(FleetJob.run(spark, catalog).read()).isEqualTo(3);
            assertThat(namespace.resolve("applications").resolve("_delta_log")).isDirectory();
            assertTablesHold(spark.table("spark_catalog.fleet_delta.applications").collectAsList(),
                    spark.table("spark_catalog.fleet_delta.findings").collectAsList(), expected);
            assertThat(FleetJob.run(spark, catalog).alreadyStored()).isEqualTo(3);
        }
    }

    @Test
    void writesIcebergTablesThroughACatalogWithTheRowsOfTheParquetRun() throws IOException {
        Path events = Files.createTempDirectory("sparkdoc-fleet-events-");
        copy(Path.of("src/test/resources/spark/eventlogs/join-plain/local-1795967342242"), events);
        copy(Path.of("src/test/resources/spark/eventlogs/failed-queries/local-1796188719838"), events);
        copy(Path.of("examples/skewed-join/eventlog_v2_local-1795967361954"), events);
        Files.write(events.resolve("local-1700000000000.zstd"), "not a zstd frame \u0000\u0001".getBytes(StandardCharsets.UTF_8));
        Files.write(events.resolve("local-1700000000001"), new byte[0]);
        Path warehouse = Files.createTempDirectory("sparkdoc-fleet-warehouse-");
        Path out = Files.createTempDirectory("sparkdoc-fleet-out-");
        FleetJobOptions iceberg = tables(events, "fleet.sparkdoc");
        FleetJobOptions parquet = options(events.toString(), out.toString());
        Map<String, LogRows> expected = expected(events);

        try (LocalSpark local = LocalSpark.builder().appName("fleet-job-iceberg")
                .conf("spark.sql.extensions", "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
                .conf("spark.sql.catalog.fleet", "org.apache.iceberg.spark.SparkCatalog")
                .conf("spark.sql.catalog.fleet.type", "hadoop")
                .conf("spark.sql.catalog.fleet.warehouse", warehouse.toUri().toString()).start()) {
            SparkSession spark = local.session();
            System.err.printf("FleetJob Iceberg test: Spark started in %d ms%n", local.startupMillis());
            long t0 = System.nanoTime();
            FleetJob.Outcome first = FleetJob.run(spark, iceberg);

            assertThat(first.read()).isEqualTo(5);
            assertThat(first.unreadable()).isEqualTo(2);
            assertThat(warehouse.resolve("sparkdoc/applications/metadata")).isDirectory();
            assertThat(warehouse.resolve("sparkdoc/findings/data")).isDirectoryContaining(p -> p.getFileName().toString().startsWith("day="));
            assertTablesHold(spark.table("fleet.sparkdoc.applications").collectAsList(),
                    spark.table("fleet.sparkdoc.findings").collectAsList(), expected);
            lap("first Iceberg run, rows checked", t0);
            FleetJob.run(spark, parquet);
            lap("Parquet run", t0);
            for (String table : List.of(FleetTables.APPLICATIONS, FleetTables.FINDINGS)) {
                assertThat(rows(spark, iceberg, table)).as(table).isNotEmpty().isEqualTo(rows(spark, parquet, table));
            }

            long snapshots = snapshots(spark);
            FleetJob.Outcome second = FleetJob.run(spark, iceberg);
            assertThat(second.read()).isZero();
            assertThat(second.alreadyStored()).isEqualTo(5);
            assertThat(snapshots(spark)).isEqualTo(snapshots);
            lap("rows compared, second Iceberg run", t0);

            // the same rows as the Parquet tables make the same reports: one report over Iceberg is enough
            assertReportRanksTheCostliestRuleFirst(spark, iceberg, expected);
            lap("report", t0);

            assertThatThrownBy(() -> FleetJob.run(spark, tables(events, "lake.sparkdoc"))).hasMessage("--tables lake.sparkdoc:"
                    + " this session has no catalog 'lake': set spark.sql.catalog.lake (Iceberg: --conf"
                    + " spark.sql.catalog.lake=org.apache.iceberg.spark.SparkCatalog with its type and warehouse),"
                    + " or give spark_catalog.sparkdoc for the session catalog");
            spark.conf().set("spark.sql.catalog.broken", "org.example.NoSuchCatalog");
            assertThatThrownBy(() -> FleetJob.run(spark, tables(events, "broken.sparkdoc"))).hasMessage("--tables broken.sparkdoc:"
                    + " the class of spark.sql.catalog.broken (org.example.NoSuchCatalog) is not on the class path:"
                    + " add its jar to spark-submit (--packages or --jars)");
            spark.sql("CREATE TABLE fleet.other.applications (app_key STRING, day STRING) USING iceberg");
            assertThatThrownBy(() -> FleetJob.run(spark, tables(events, "fleet.other"))).hasMessageStartingWith(
                    "--tables fleet.other: fleet.other.applications is not sparkdoc's applications table (no column app_id, attempt,");
            assertThat(spark.table("fleet.other.applications").count()).isZero();
            lap("mistakes", t0);
        }
    }

    /** Where the Iceberg test spends its time, on stderr, for the timing report. */
    private static void lap(String what, long t0) {
        System.err.printf("FleetJob Iceberg test: %s at %d ms%n", what, (System.nanoTime() - t0) / 1_000_000);
    }

    private static FleetJobOptions tables(Path events, String tables) {
        return FleetJobOptions.parse(List.of("--events", events.toString(), "--tables", tables),
                Clock.fixed(Instant.parse("2026-12-06T00:00:00Z"), ZoneOffset.UTC));
    }

    /** Every row of one table as the job reads it back, as text, sorted: two stores compared cell for cell. */
    private static List<String> rows(SparkSession spark, FleetJobOptions options, String table) {
        StructType schema = table.equals(FleetTables.APPLICATIONS) ? FleetTables.APPLICATION : FleetTables.FINDING;
        assertThat(options.store().view(spark, table, schema, "compared")).isTrue();
        return spark.table("compared").collectAsList().stream().map(Row::toString).sorted().toList();
    }

    private static long snapshots(SparkSession spark) {
        return spark.table("fleet.sparkdoc.applications.snapshots").count() + spark.table("fleet.sparkdoc.findings.snapshots").count();
    }

    private static String report(SparkSession spark, FleetJobOptions options) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ReportPrinter.print(spark, options, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void assertStoreHolds(SparkSession spark, Path out, Map<String, LogRows> expected) {
        assertStoreHolds(spark, out, expected, "parquet");
    }

    private static void assertStoreHolds(SparkSession spark, Path out, Map<String, LogRows> expected, String format) {
        assertTablesHold(spark.read().format(format).load(out.resolve("applications").toString()).collectAsList(),
                spark.read().format(format).load(out.resolve("findings").toString()).collectAsList(), expected);
    }

    /** The rows of the two tables, however stored, are what the reader makes of each log. */
    private static void assertTablesHold(List<Row> apps, List<Row> findings, Map<String, LogRows> expected) {
        Map<String, Row> byLog = apps.stream().collect(Collectors.toMap(r -> fileName(r.getAs("log_path")), r -> r));
        assertThat(byLog).hasSameSizeAs(apps).containsOnlyKeys(expected.keySet());
        byLog.forEach((log, row) -> {
            LogRows want = expected.get(log);
            assertThat((String) row.getAs("app_key")).as(log).isEqualTo(want.application().appKey());
            assertThat((String) row.getAs("status")).as(log).isEqualTo(want.application().status());
            assertThat((Long) row.getAs("log_size")).as(log).isEqualTo(want.application().logSize());
            assertThat(row.getAs("day").toString()).as(log).isEqualTo(want.application().day());
        });
        Map<String, List<String>> got = new TreeMap<>(findings.stream().collect(Collectors.groupingBy(r -> (String) r.getAs("app_key"),
                Collectors.mapping(r -> r.getAs("rank") + " " + r.getAs("rule") + " " + r.getAs("scope"),
                        Collectors.collectingAndThen(Collectors.toList(), l -> l.stream().sorted().toList())))));
        Map<String, List<String>> want = new TreeMap<>();
        expected.values().stream().filter(r -> !r.findings().isEmpty()).forEach(r -> want.put(r.application().appKey(),
                r.findings().stream().map(f -> f.rank() + " " + f.rule() + " " + f.scope()).sorted().toList()));
        assertThat(want).isNotEmpty();
        assertThat(got).isEqualTo(want);
    }

    private static void assertReportRanksTheCostliestRuleFirst(SparkSession spark, FleetJobOptions options, Map<String, LogRows> expected) {
        String report = report(spark, options);
        Map<String, Double> lost = new HashMap<>();
        expected.values().forEach(r -> r.findings().stream().filter(f -> f.secondsLost() != null)
                .forEach(f -> lost.merge(f.rule(), f.secondsLost(), Double::sum)));
        String costliest = lost.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        List<String> lines = report.lines().toList();
        int title = lines.indexOf("== costly-rules ==");
        assertThat(title).as(report).isNotNegative();
        assertThat(lines.get(title + 1)).isEqualTo("rule\tfamily\tfindings\tapplications\tcritical\tseconds_lost");
        assertThat(lines.get(title + 2)).startsWith(costliest + "\t");
        assertThat(report).contains("== logs-by-status ==", "unreadable\t1\t", "empty\t1\t");
    }

    /** The logs of {@link #LOGS} that exist, a corrupt one and an empty one, in a temporary folder. */
    private static Path eventsFolder() throws IOException {
        Path events = Files.createTempDirectory("sparkdoc-fleet-events-");
        for (String log : LOGS) {
            if (Files.exists(Path.of(log))) {
                copy(Path.of(log), events);
            }
        }
        // named as zstd, holding no zstd frame: the codec refuses it
        Files.write(events.resolve("local-1700000000000.zstd"), "not a zstd frame \u0000\u0001".getBytes(StandardCharsets.UTF_8));
        Files.write(events.resolve("local-1700000000001"), new byte[0]);
        return events;
    }

    /** What the reader makes of each log, by file name. */
    private static Map<String, LogRows> expected(Path events) throws IOException {
        Map<String, LogRows> expected = new HashMap<>();
        try (Stream<Path> logs = Files.list(events)) {
            for (Path log : logs.toList()) {
                long size = Files.isDirectory(log) ? folderSize(log) : Files.size(log);
                long modified = Files.isDirectory(log) ? folderModified(log) : Files.getLastModifiedTime(log).toMillis();
                // named as Hadoop's listing names it: an unreadable log's key is its path
                String listed = new org.apache.hadoop.fs.Path(log.toUri()).toString();
                expected.put(log.getFileName().toString(), LogRowsReader.read(log, listed, size, modified));
            }
        }
        return expected;
    }

    private static long folderSize(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !f.getFileName().toString().startsWith(".")).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    private static long folderModified(Path dir) throws IOException {
        long modified = Files.getLastModifiedTime(dir).toMillis();
        try (Stream<Path> files = Files.list(dir)) {
            return Math.max(modified, files.filter(f -> !f.getFileName().toString().startsWith("."))
                    .mapToLong(f -> f.toFile().lastModified()).max().orElse(0));
        }
    }

    private static void copy(Path log, Path into) throws IOException {
        Path target = into.resolve(log.getFileName().toString());
        if (!Files.isDirectory(log)) {
            Files.copy(log, target);
            return;
        }
        Files.createDirectory(target);
        try (Stream<Path> files = Files.list(log)) {
            for (Path file : files.toList()) {
                Files.copy(file, target.resolve(file.getFileName().toString()));
            }
        }
    }

    private static List<Path> dataFiles(Path out) throws IOException {
        try (Stream<Path> files = Files.walk(out)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".parquet")).sorted(Comparator.naturalOrder()).toList();
        }
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

}
