package dev.sparkdoc.spark;

import dev.sparkdoc.fleet.Since;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The arguments of {@code spark-submit --class dev.sparkdoc.spark.FleetJob sparkdoc.jar ...}.
 * Parsed by hand, not with picocli: the job's few options do not justify a command tree inside
 * someone else's JVM (picocli is relocated in the jar, it would work).
 *
 * @param events   the folder of event logs, as Hadoop names it (file://, hdfs://, s3a://, gs://, abfs://)
 * @param out      the folder of the two tables ({@code out/applications}, {@code out/findings})
 * @param sinceMs  only logs modified at or after this epoch millisecond; empty for all
 * @param format   the data source that writes and reads the tables: parquet, orc, delta, ...
 * @param report   run the report queries over the tables afterwards and print them
 */
public record FleetJobOptions(String events, String out, OptionalLong sinceMs, String format, boolean report) {

    static final String USAGE = "usage: spark-submit --class dev.sparkdoc.spark.FleetJob sparkdoc.jar --events URI --out URI"
            + " [--since DURATION|DATE] [--format parquet] [--report]";

    private static final Pattern FORMAT = Pattern.compile("[A-Za-z][A-Za-z0-9_.]*");

    /** @throws IllegalArgumentException with one line naming the problem and the fix */
    public static FleetJobOptions parse(List<String> args, Clock clock) {
        String events = null;
        String out = null;
        OptionalLong since = OptionalLong.empty();
        String format = "parquet";
        boolean report = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--events" -> events = value(args, ++i, arg);
                case "--out" -> out = value(args, ++i, arg);
                case "--since" -> since = OptionalLong.of(since(value(args, ++i, arg), clock));
                case "--format" -> format = format(value(args, ++i, arg));
                case "--report" -> report = true;
                default -> throw new IllegalArgumentException("unknown argument '" + arg + "': " + USAGE);
            }
        }
        if (events == null || out == null) {
            throw new IllegalArgumentException("--events and --out are required: " + USAGE);
        }
        return new FleetJobOptions(events, out, since, format, report);
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
