package dev.sparkdoc.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * {@code --out URI [--format F]}: each table a folder, {@code URI/applications} and
 * {@code URI/findings}, written and read by the data source {@code F} ({@code format(F).save(path)}):
 * parquet, orc, or a path-based table format the cluster adds, such as delta.
 *
 * @param out    the folder of the two tables, as Hadoop names it
 * @param format the data source name, lower case
 */
public record FolderStore(String out, String format) implements JobStore {

    /** Nothing to check before the first write: the folders are made by it. */
    @Override
    public void check(SparkSession spark) {
    }

    @Override
    public void append(Dataset<Row> rows, String table) {
        rows.write().format(format).mode("append").partitionBy(FleetTables.DAY).save(path(table));
    }

    @Override
    public boolean view(SparkSession spark, String table, StructType schema, String name) {
        String path = path(table);
        try {
            Path p = new Path(path);
            FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
            if (!fs.exists(p)) {
                return false;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        DataFrameReader reader = spark.read().format(format);
        if (FleetTables.takesSchema(format)) {
            reader = reader.schema(schema);
        }
        String raw = name + "_stored";
        reader.load(path).createOrReplaceTempView(raw);
        spark.sql(FleetTables.select(schema, raw)).createOrReplaceTempView(name);
        return true;
    }

    @Override
    public String describe() {
        return "under " + out;
    }

    String path(String table) {
        return (out.endsWith("/") ? out : out + "/") + table;
    }
}
