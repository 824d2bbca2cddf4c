package dev.sparkdoc.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * Where the fleet job keeps its two tables: folders under {@code --out} in a path-based format
 * ({@link FolderStore}), or tables of a Spark catalog under {@code --tables} ({@link CatalogStore}).
 * The job and {@code --report} see both alike: a table is appended to, or read as a temporary view.
 */
public sealed interface JobStore permits FolderStore, CatalogStore {

    /**
     * Fails, with one line naming the problem and the fix, when this session cannot use the store;
     * the job calls it before it reads a log or writes a row.
     */
    void check(SparkSession spark);

    /** Appends {@code rows} to {@code table} ({@link FleetTables#APPLICATIONS} or {@link FleetTables#FINDINGS}), partitioned by day. */
    void append(Dataset<Row> rows, String table);

    /**
     * A temporary view {@code name} over one table, the columns in {@code schema}'s order and the
     * day as text; false when the table has not been written yet.
     */
    boolean view(SparkSession spark, String table, StructType schema, String name);

    /** The store in messages: "under s3a://b/fleet", "in fleet.sparkdoc" (not yet redacted). */
    String describe();
}
