package dev.sparkdoc.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.analysis.TableAlreadyExistsException;
import org.apache.spark.sql.CreateTableWriter;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/**
 * {@code --tables CATALOG.NAMESPACE [--format F]}: the two tables as tables of a Spark catalog,
 * {@code CATALOG.NAMESPACE.applications} and {@code .findings}, written through DataFrameWriterV2
 * ({@code writeTo(t)}: created partitioned by day when missing, else appended to) and read with
 * {@code spark.table(t)}. So any catalog the session has works alike: Iceberg's
 * {@code SparkCatalog} (Hadoop, Hive, REST, Glue, Nessie), Delta's catalog, the Hive metastore.
 *
 * @param catalog   the catalog's name: one with a {@code spark.sql.catalog.NAME} setting, or {@code spark_catalog}
 * @param namespace the namespace inside it (a database of the Hive metastore), one part or more
 * @param format    the provider of a table created ({@code USING F}); empty for the catalog's default
 */
public record CatalogStore(String catalog, List<String> namespace, Optional<String> format) implements JobStore {

    /** Spark's name for the session catalog, always there (the Hive metastore or the in-memory one). */
    static final String SESSION_CATALOG = "spark_catalog";

    /** A catalog or namespace name as Hive, Glue and Iceberg accept them; quoted in SQL all the same. */
    private static final Pattern PART = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");

    public CatalogStore {
        namespace = List.copyOf(namespace);
    }

    /** {@code fleet.sparkdoc}, {@code spark_catalog.db}, {@code glue.team.sparkdoc}. */
    static CatalogStore parse(String text, Optional<String> format) {
        List<String> parts = Arrays.asList(text.split("\\.", -1));
        if (parts.size() < 2 || !parts.stream().allMatch(p -> PART.matcher(p).matches())) {
            throw new IllegalArgumentException("--tables " + text + ": give CATALOG.NAMESPACE, e.g. fleet.sparkdoc"
                    + " (spark_catalog.sparkdoc for the session catalog)");
        }
        return new CatalogStore(parts.get(0), parts.subList(1, parts.size()), format);
    }

    @Override
    public void check(SparkSession spark) {
        String setting = "spark.sql.catalog." + catalog;
        if (!catalog.equals(SESSION_CATALOG) && !spark.conf().contains(setting)) {
            throw new IllegalArgumentException("--tables " + name() + ": this session has no catalog '" + catalog + "': set "
                    + setting + " (Iceberg: --conf " + setting + "=org.apache.iceberg.spark.SparkCatalog with its type and"
                    + " warehouse), or give " + SESSION_CATALOG + "." + String.join(".", namespace) + " for the session catalog");
        }
        try {
            // as --out makes its folders: the namespace (a database of the metastore) is made when missing
            spark.sql("CREATE NAMESPACE IF NOT EXISTS " + quoted(Stream.concat(Stream.of(catalog), namespace.stream()).toList()));
        } catch (Exception e) {
            throw new IllegalArgumentException("--tables " + name() + ": " + whyUnusable(e, spark, setting), e);
        }
        checkColumns(spark, FleetTables.APPLICATIONS, FleetTables.APPLICATION);
        checkColumns(spark, FleetTables.FINDINGS, FleetTables.FINDING);
    }

    @Override
    public void append(Dataset<Row> rows, String table) {
        String name = tableName(table);
        try {
            if (rows.sparkSession().catalog().tableExists(name)) {
                rows.writeTo(name).append();
                return;
            }
            CreateTableWriter<Row> create = rows.writeTo(name).partitionedBy(functions.col(FleetTables.DAY));
            if (format.isPresent()) {
                create = create.using(format.get());
            }
            create.create();
        } catch (NoSuchTableException | TableAlreadyExistsException e) {
            throw new IllegalArgumentException(name + " was dropped or created meanwhile, by another run or by hand:"
                    + " run the job again", e);
        }
    }

    @Override
    public boolean view(SparkSession spark, String table, StructType schema, String name) {
        String stored = tableName(table);
        if (!spark.catalog().tableExists(stored)) {
            return false;
        }
        String raw = name + "_stored";
        spark.table(stored).createOrReplaceTempView(raw);
        spark.sql(FleetTables.select(schema, raw)).createOrReplaceTempView(name);
        return true;
    }

    @Override
    public String describe() {
        return "in " + name();
    }

    /** {@code fleet.sparkdoc}, as the user gave it. */
    String name() {
        return catalog + "." + String.join(".", namespace);
    }

    /** One table's name for Spark, each part quoted: {@code `fleet`.`sparkdoc`.`applications`}. */
    String tableName(String table) {
        List<String> parts = new ArrayList<>();
        parts.add(catalog);
        parts.addAll(namespace);
        parts.add(table);
        return quoted(parts);
    }

    /** A table of that name that is not the job's (other columns) would fail the append half-way: say so first. */
    private void checkColumns(SparkSession spark, String table, StructType schema) {
        String name = tableName(table);
        if (!spark.catalog().tableExists(name)) {
            return;
        }
        List<String> have = Arrays.asList(spark.table(name).schema().fieldNames());
        List<String> missing = Arrays.stream(schema.fieldNames()).filter(c -> !have.contains(c)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("--tables " + name() + ": " + name() + "." + table + " is not sparkdoc's "
                    + table + " table (no column " + String.join(", ", missing) + "): give another namespace");
        }
    }

    /** Why the catalog could not make or find the namespace, with the fix where there is one. */
    private static String whyUnusable(Exception e, SparkSession spark, String setting) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ClassNotFoundException) {
                return "the class of " + setting + " (" + spark.conf().get(setting, "?") + ") is not on the class path:"
                        + " add its jar to spark-submit (--packages or --jars)";
            }
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return "the catalog refused the namespace: " + message.lines().findFirst().orElse("").strip();
    }

    private static String quoted(List<String> parts) {
        return parts.stream().map(p -> "`" + p + "`").collect(Collectors.joining("."));
    }
}
