package dev.sparkdoc.spark;

import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.redact.Redaction;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SerializableWritable;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code sparkdoc fleet} on the cluster: {@code spark-submit --class dev.sparkdoc.spark.FleetJob
 * sparkdoc.jar --events URI --out URI}. The driver lists the event logs, leaves out those the
 * store already holds (same path, size and modification time), and spreads the rest over the
 * executors, a few logs per task; each executor triages its logs as {@code sparkdoc triage} would
 * and the rows are appended to the tables {@code applications} and {@code findings}, partitioned
 * by day: folders under {@code --out}, or tables of a catalog under {@code --tables} such as
 * Iceberg's ({@link JobStore}, docs/fleet-cluster.md).
 *
 * <p>Nothing else in sparkdoc imports this package: the CLI jar runs without Spark, and this
 * class only runs where the cluster provides it. Only Spark's Java API is used, so one jar serves
 * Spark 3.5 and 4.x on Scala 2.12 and 2.13.
 */
public final class FleetJob {

    /**
     * Logs per task: one event log takes from a fraction of a second to a few seconds to triage,
     * so a few per task keep the scheduling overhead small while a slow log holds up few others.
     */
    static final int LOGS_PER_TASK = 4;

    private static final String RESULTS_VIEW = "sparkdoc_fleet_results";

    private FleetJob() {
    }

    /** What one run did. */
    public record Outcome(int listed, int alreadyStored, int read, int unreadable) {
    }

    public static void main(String[] args) {
        FleetJobOptions options;
        try {
            options = FleetJobOptions.parse(Arrays.asList(args), Clock.systemUTC());
        } catch (IllegalArgumentException e) {
            System.err.println("sparkdoc fleet job: " + e.getMessage());
            System.exit(2);
            return;
        }
        SparkSession spark = SparkSession.builder().appName("sparkdoc fleet").getOrCreate();
        int exit = 0;
        try {
            Outcome outcome = run(spark, options);
            System.err.println("sparkdoc fleet job: " + summary(outcome, options));
            if (options.report()) {
                ReportPrinter.print(spark, options, System.out);
            }
        } catch (IllegalArgumentException | UncheckedIOException e) {
            System.err.println("sparkdoc fleet job: " + Redaction.text(e.getMessage()));
            exit = 2;
        } finally {
            spark.stop();
        }
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** Lists, reads what is new and appends it; the tables are written, findings first (see {@link #write}). */
    public static Outcome run(SparkSession spark, FleetJobOptions options) {
        options.store().check(spark);
        Configuration hadoop = spark.sparkContext().hadoopConfiguration();
        List<ListedLog> listed = EventLogListing.list(options.events(), hadoop, options.sinceMs());
        Set<ListedLog> stored = storedLogs(spark, options);
        List<ListedLog> todo = listed.stream().filter(log -> !stored.contains(log)).toList();
        if (todo.isEmpty()) {
            return new Outcome(listed.size(), listed.size(), 0, 0);
        }
        // the Hadoop settings (credentials of s3a, gs, abfs among them) travel with the tasks, as Spark's own readers do it
        SerializableWritable<Configuration> conf = new SerializableWritable<>(hadoop);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        int tasks = (todo.size() + LOGS_PER_TASK - 1) / LOGS_PER_TASK;
        JavaRDD<Row> rows = jsc.parallelize(todo, tasks).map(log -> FleetTables.result(LogFetch.rows(log, conf.value())));
        Dataset<Row> results = spark.createDataFrame(rows, FleetTables.RESULT).persist();
        try {
            results.createOrReplaceTempView(RESULTS_VIEW);
            long unreadable = spark.sql("SELECT application.status FROM " + RESULTS_VIEW
                    + " WHERE application.status IN ('unreadable', 'empty')").count();
            write(spark, options);
            return new Outcome(listed.size(), listed.size() - todo.size(), todo.size(), (int) unreadable);
        } finally {
            spark.catalog().dropTempView(RESULTS_VIEW);
            results.unpersist();
        }
    }

    /**
     * Findings first, then applications: the applications table is what the next run checks, so
     * a run that dies between the two writes reads those logs again rather than lose their
     * findings (it may then hold a log's findings twice, which a report over app keys can see).
     */
    private static void write(SparkSession spark, FleetJobOptions options) {
        options.store().append(spark.sql("SELECT inline(findings) FROM " + RESULTS_VIEW), FleetTables.FINDINGS);
        options.store().append(spark.sql("SELECT application.* FROM " + RESULTS_VIEW), FleetTables.APPLICATIONS);
    }

    /** The logs the store already holds, by path, size and modification time; none when there is no store yet. */
    private static Set<ListedLog> storedLogs(SparkSession spark, FleetJobOptions options) {
        Set<ListedLog> stored = new HashSet<>();
        String view = "sparkdoc_fleet_stored";
        if (!options.store().view(spark, FleetTables.APPLICATIONS, FleetTables.APPLICATION, view)) {
            return stored;
        }
        try {
            for (Row r : spark.sql("SELECT DISTINCT log_path, log_size, log_modified_ms FROM " + view).collectAsList()) {
                stored.add(new ListedLog(r.getString(0), r.getLong(1), r.getLong(2)));
            }
        } finally {
            spark.catalog().dropTempView(view);
        }
        return stored;
    }

    private static String summary(Outcome o, FleetJobOptions options) {
        return CountFormat.of(o.listed()) + " logs listed in " + Redaction.text(options.events()) + ", "
                + CountFormat.of(o.alreadyStored()) + " already stored, " + CountFormat.of(o.read()) + " read ("
                + CountFormat.of(o.unreadable()) + " unreadable or empty), tables " + Redaction.text(options.store().describe());
    }
}
