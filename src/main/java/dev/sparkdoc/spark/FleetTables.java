package dev.sparkdoc.spark;

import dev.sparkdoc.fleet.store.ApplicationRow;
import dev.sparkdoc.fleet.store.FindingRow;
import dev.sparkdoc.fleet.store.LogRows;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The two tables of the fleet store as Spark sees them: their schemas (the columns of
 * docs/fleet-cluster.md, the same as the SQLite store's) and one log's rows as Spark rows.
 * Everything here is Spark's Java API, the same on Spark 3.5 and 4.x, Scala 2.12 and 2.13.
 */
final class FleetTables {

    static final String APPLICATIONS = "applications";
    static final String FINDINGS = "findings";
    /** The partition column of both tables. */
    static final String DAY = "day";

    static final StructType APPLICATION = DataTypes.createStructType(List.of(
            text("app_key"), text("app_id"), text("attempt"), text("name"),
            text("user_name"), text("spark_version"), text("cluster_manager"),
            column("start_ms", DataTypes.LongType), column("end_ms", DataTypes.LongType),
            column("wall_ms", DataTypes.LongType),
            text("status"), text("reason"), text("time_account_json"),
            text("log_path"), column("log_size", DataTypes.LongType),
            column("log_modified_ms", DataTypes.LongType),
            text("sparkdoc_version"), text("rules_hash"), text(DAY)));

    static final StructType FINDING = DataTypes.createStructType(List.of(
            text("app_key"), column("rank", DataTypes.IntegerType), text("rule"),
            text("family"), text("severity"), column("seconds_lost", DataTypes.DoubleType),
            text("scope"), text("title"), text("evidence_json"), text("remedies_json"),
            text(DAY)));

    /** One log's result: its application row and its findings, split into the two tables once all are read. */
    static final StructType RESULT = DataTypes.createStructType(List.of(
            field("application", APPLICATION, false),
            field("findings", DataTypes.createArrayType(FINDING, false), false)));

    private FleetTables() {
    }

    static Row result(LogRows rows) {
        Row[] findings = rows.findings().stream().map(FleetTables::row).toArray(Row[]::new);
        return RowFactory.create(row(rows.application()), findings);
    }

    static Row row(ApplicationRow a) {
        return RowFactory.create(a.appKey(), a.appId(), a.attempt(), a.name(), a.user(), a.sparkVersion(),
                a.clusterManager(), a.startMs(), a.endMs(), a.wallMs(), a.status(), a.reason(), a.timeAccountJson(),
                a.logPath(), a.logSize(), a.logModifiedMs(), a.sparkdocVersion(), a.rulesHash(), a.day());
    }

    static Row row(FindingRow f) {
        return RowFactory.create(f.appKey(), f.rank(), f.rule(), f.family(), f.severity(), f.secondsLost(), f.scope(),
                f.title(), f.evidenceJson(), f.remediesJson(), f.day());
    }

    /**
     * A query over a table read from storage, with the columns in the schema's order and the day as
     * text: Spark reads a {@code day=2026-12-06} folder's value as a date unless told otherwise,
     * and the report SQL compares it as a string (as SQLite keeps it).
     */
    static String select(StructType schema, String from) {
        return Arrays.stream(schema.fieldNames())
                .map(name -> name.equals(DAY) ? "CAST(" + DAY + " AS STRING) AS " + DAY : name)
                .collect(Collectors.joining(", ", "SELECT ", " FROM " + from));
    }

    /** Formats whose reader takes a schema (file sources); table formats such as delta keep their own. */
    static boolean takesSchema(String format) {
        return Set.of("parquet", "orc", "avro", "json", "csv").contains(format);
    }

    private static StructField text(String name) {
        return column(name, DataTypes.StringType);
    }

    /**
     * Every column may be null to Spark, even those the reader always fills: a broken promise
     * then shows as an empty cell, not as a write that fails the whole job.
     */
    private static StructField column(String name, DataType type) {
        return field(name, type, true);
    }

    private static StructField field(String name, DataType type, boolean nullable) {
        return DataTypes.createStructField(name, type, nullable);
    }
}
