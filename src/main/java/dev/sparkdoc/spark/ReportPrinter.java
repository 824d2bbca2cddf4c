package dev.sparkdoc.spark;

import dev.sparkdoc.redact.Redaction;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code --report}: each report query run over the store's tables (temporary views named
 * {@code applications} and {@code findings}), printed as a titled block of tab-separated lines with
 * a header, for a terminal, {@code column -t} or a spreadsheet alike.
 */
final class ReportPrinter {

    /** Reports are top lists: more rows than this is a query without its LIMIT, not a report. */
    static final int MAX_ROWS = 1000;

    private ReportPrinter() {
    }

    static void print(SparkSession spark, FleetJobOptions options, PrintStream out) {
        boolean stored = options.store().view(spark, FleetTables.APPLICATIONS, FleetTables.APPLICATION, FleetTables.APPLICATIONS);
        if (!stored) {
            out.println("no fleet store " + Redaction.text(options.store().describe()) + " yet: nothing to report");
            return;
        }
        if (!options.store().view(spark, FleetTables.FINDINGS, FleetTables.FINDING, FleetTables.FINDINGS)) {
            spark.createDataFrame(List.of(), FleetTables.FINDING).createOrReplaceTempView(FleetTables.FINDINGS);
        }
        for (ReportQueries.Query query : ReportQueries.all(options.sinceMs().orElse(0))) {
            Dataset<Row> result = spark.sql(query.sql());
            out.println("== " + query.name() + " ==");
            out.println(String.join("\t", result.columns()));
            for (Row row : result.limit(MAX_ROWS).collectAsList()) {
                out.println(line(row));
            }
            out.println();
        }
        out.flush();
    }

    private static String line(Row row) {
        return IntStream.range(0, row.length())
                .mapToObj(i -> row.isNullAt(i) ? "-" : cell(row.get(i).toString()))
                .collect(Collectors.joining("\t"));
    }

    /** One cell per column: no tab or line break of a value may shift the columns; no secret of a path is shown. */
    private static String cell(String value) {
        return Redaction.text(value).replaceAll("[\\t\\r\\n]+", " ");
    }
}
