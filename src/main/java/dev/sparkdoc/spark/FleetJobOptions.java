package dev.sparkdoc.spark;

import dev.sparkdoc.fleet.Since;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The arguments of {@code spark-submit --class dev.sparkdoc.spark.FleetJob sparkdoc.jar ...}.
 * Parsed by hand, not with picocli: the job's few options do not justify a command tree inside
 * someone else's JVM (picocli is relocated in the jar, it would work).
 *
 * <p>The store is {@code --out URI} (folders, written by path: parquet, orc, delta) or
 * {@code --tables CATALOG.NAMESPACE} (tables of a Spark catalog, written through DataFrameWriterV2:
 * Iceberg, or any catalog the session has), never both: a folder and a catalog table are two
 * stores, and the incremental read must look in the one the rows go to.
 *
 * @param events   the folder of event logs, as Hadoop names it (file://, hdfs://, s3a://, gs://, abfs://)
 * @param store    where the two tables are: {@link FolderStore} or {@link CatalogStore}
 * @param sinceMs  only logs modified at or after this epoch millisecond; empty for all
 * @param report   run the report queries over the tables afterwards and print them
 */
public record FleetJobOptions(String events, JobStore store, OptionalLong sinceMs, boolean report) {

    static final String USAGE = "usage: spark-submit --class dev.sparkdoc.spark.FleetJob sparkdoc.jar --events URI"
            + " (--out URI [--format parquet] | --tables CATALOG.NAMESPACE [--format F]) [--since DURATION|DATE] [--report]";

    /** Without --format, --out writes Parquet; --tables leaves the provider to the catalog (Iceberg's is iceberg). */
    static final String DEFAULT_FOLDER_FORMAT = "parquet";

    private static final Pattern FORMAT = Pattern.compile("[A-Za-z][A-Za-z0-9_.]*");

    /** @throws IllegalArgumentException with one line naming the problem and the fix */
    public static FleetJobOptions parse(List<String> args, Clock clock) {
        String events = null;
        String out = null;
        String tables = null;
        OptionalLong since = OptionalLong.empty();
        Optional<String> format = Optional.empty();
        boolean report = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--events" -> events = value(args, ++i, arg);
                case "--out" -> out = value(args, ++i, arg);
                case "--tables" -> tables = value(args, ++i, arg);
                case "--since" -> since = OptionalLong.of(since(value(args, ++i, arg), clock));
                case "--format" -> format = Optional.of(format(value(args, ++i, arg)));
                case "--report" -> report = true;
                default -> throw new IllegalArgumentException("unknown argument '" + arg + "': " + USAGE);
            }
        }
        if (out != null && tables != null) {
            throw new IllegalArgumentException("--out and --tables name two stores: give one, --out for folders or"
                    + " --tables for the tables of a catalog");
        }
        if (events == null || (out == null && tables == null)) {
            throw new IllegalArgumentException("--events and one of --out or --tables are required: " + USAGE);
        }
        JobStore store = out != null
                ? new FolderStore(out, format.orElse(DEFAULT_FOLDER_FORMAT))
                : CatalogStore.parse(tables, format);
        return new FleetJobOptions(events, store, since, report);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value: " + USAGE);
        }
        return args.get(i);
    }

    private static String format(String text) {
        if (!FORMAT.matcher(text).matches()) {
            throw new IllegalArgumentException("--format " + text + ": give a Spark data source name, e.g. parquet, orc or delta");
        }
        return text.toLowerCase(Locale.ROOT);
    }

    /** A duration back from now (90m, 24h, 7d, 2w) or a day (2026-12-01, from its start in UTC). */
    static long since(String text, Clock clock) {
        return Since.epochMs(text, clock);
    }
}
