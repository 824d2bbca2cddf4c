package dev.sparkdoc.fleet.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.testing.RealSpark;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The report SQL is portable: the same files, over the same rows loaded into Spark SQL (Spark 4,
 * ANSI mode), give the rows SQLite gives. fleetjob runs them there.
 */
@RealSpark
class FleetReportSqlOnSparkTest {

    @Test
    void everyReportGivesTheSameRowsOnSparkSqlAsOnSqlite() throws Exception {
        FleetReportsTest.store();
        Map<String, Object> params = Map.of("since_ms", 0L, "slower_ratio", FleetReports.SLOWER_RATIO,
                "slower_ms", FleetReports.SLOWER_MS);
        FleetReports.Result sqlite;
        try (FleetStore store = FleetStore.open(FleetReportsTest.db)) {
            sqlite = FleetReports.run(store, 0);
        }
        assertThat(sqlite.of("regressions")).isNotEmpty();
        assertThat(sqlite.of("new-failures")).isNotEmpty();
        try (LocalSpark spark = LocalSpark.builder().master("local[1]").appName("fleet report sql").start();
             Connection db = DriverManager.getConnection("jdbc:sqlite:" + FleetReportsTest.db)) {
            SparkSession session = spark.session();
            view(session, db, "applications");
            view(session, db, "findings");
            for (String report : FleetReports.NAMES) {
                List<Row> rows = session.sql(FleetReports.bind(FleetReports.sql(report), params)).collectAsList();
                List<Map<String, Object>> expected = sqlite.of(report);
                assertThat(rows).as(report).hasSize(expected.size());
                for (int i = 0; i < rows.size(); i++) {
                    Row row = rows.get(i);
                    for (Map.Entry<String, Object> column : expected.get(i).entrySet()) {
                        Object actual = row.get(row.fieldIndex(column.getKey()));
                        if (column.getValue() instanceof Number n) {
                            assertThat(((Number) actual).doubleValue()).as(report + "." + column.getKey())
                                    .isCloseTo(n.doubleValue(), org.assertj.core.data.Offset.offset(1e-6));
                        } else {
                            assertThat(actual).as(report + "." + column.getKey()).isEqualTo(column.getValue());
                        }
                    }
                }
            }
        }
    }

    /** The table as rows of Spark's types (TEXT as string, BIGINT as long, DOUBLE as double). */
    private static void view(SparkSession session, Connection db, String table) throws Exception {
        try (ResultSet rs = db.createStatement().executeQuery("SELECT * FROM " + table)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<StructField> fields = new ArrayList<>();
            for (int c = 1; c <= meta.getColumnCount(); c++) {
                fields.add(DataTypes.createStructField(meta.getColumnName(c), type(meta.getColumnTypeName(c)), true));
            }
            StructType schema = DataTypes.createStructType(fields);
            List<Row> rows = new ArrayList<>();
            while (rs.next()) {
                Object[] values = new Object[fields.size()];
                for (int c = 0; c < values.length; c++) {
                    DataType t = fields.get(c).dataType();
                    Object v = rs.getObject(c + 1);
                    values[c] = v == null ? null : t == DataTypes.LongType ? ((Number) v).longValue()
                            : t == DataTypes.IntegerType ? ((Number) v).intValue()
                            : t == DataTypes.DoubleType ? ((Number) v).doubleValue() : v.toString();
                }
                rows.add(RowFactory.create(values));
            }
            session.createDataFrame(rows, schema).createOrReplaceTempView(table);
        }
    }

    private static DataType type(String declared) {
        return switch (declared.toUpperCase(java.util.Locale.ROOT)) {
            case "BIGINT" -> DataTypes.LongType;
            case "INTEGER" -> DataTypes.IntegerType;
            case "DOUBLE PRECISION", "DOUBLE", "REAL" -> DataTypes.DoubleType;
            default -> DataTypes.StringType;
        };
    }
}
