package dev.sparkdoc.source.eventlog.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The skim of jobs, stages and SQL events ({@link EventSkimmer}) gives exactly Jackson's whole
 * tree cut down to the fields it keeps, on every such line of the real Spark logs in the test
 * resources and on odd shapes.
 */
class SkimmedTreeTest {

    @Test
    void everyRealJobStageAndSqlLineSkimsToJacksonsTreeCutDown() throws Exception {
        List<String> lines = realSkimmedLines();
        assertThat(lines.size()).isGreaterThan(100);
        for (String line : lines) {
            assertThat(SkimDifferential.assertAgree(line.getBytes(StandardCharsets.UTF_8))).as(line).isTrue();
        }
    }

    @Test
    void escapesNumbersAndOddShapesSkimToJacksonsTreeCutDown() {
        String base = "{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":%s,\"Stage Name\":%s,"
                + "\"Details\":%s,\"RDD Info\":[{\"Name\":%s}]},\"Properties\":{\"spark.job.description\":%s,\"x\":%s}}";
        List<String> lines = new ArrayList<>();
        for (String id : List.of("7", "-0", "2147483647", "2147483648", "-2147483648", "-2147483649", "9007199254740993",
                "123456789012345678", "1234567890123456789", "1.5", "1e3", "07", "-", "true", "null", "\"7\"", "[1,2]", "{}")) {
            lines.add(base.formatted(id, "\"n\"", "\"d\"", "\"r\"", "\"j\"", "1"));
        }
        for (String text : List.of("\"a\\nb\\tc\"", "\"q\\\"q\"", "\"back\\\\slash\"", "\"sl\\/ash\"", "\"\\u00e9t\\u00C9\"",
                "\"\\ud83d\\ude00\"", "\"\\u12\"", "\"\\a\"", "\"tab\tin\"", "\"caf\u00e9\"", "\"\\b\\f\\r\"", "\"\"",
                "\"trailing\\\\\"", "\"cut\\")) {
            lines.add(base.formatted("1", text, text, text, text, text));
        }
        lines.add(base.formatted("1", "\"n\"", "\"d\"", "\"r\"", "\"j\"", "1").replace("\"Stage ID\":1,", "\"Stage ID\":1,\"Stage ID\":2,"));
        lines.add(base.formatted("1", "\"n\"", "\"d\"", "\"r\"", "\"j\"", "1") + " trailing ] garbage");
        lines.add(base.formatted("1", "\"n\"", "\"d\"", "\"r\"", "\"j\"", "1").replace("{\"Event\"", "{ \"Event\""));
        lines.add(base.formatted("1", "\"n\"", "\"d\"", "\"r\"", "\"j\"", "[".repeat(100) + "]".repeat(100)));
        lines.add(base.formatted("1", "\"n\"", "\"d\"", "\"r\"", "\"j\"", "1").substring(0, 60));
        lines.add("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":3,\"Stage IDs\":[1,2],\"Stage Infos\":[{\"Stage ID\":1,"
                + "\"Accumulables\":[{\"ID\":1}]}],\"Properties\":{\"spark.sql.execution.id\":\"4\"},\"Submission Time\":12}");
        lines.add("{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"executionId\":5,"
                + "\"description\":\"select\\n*\",\"physicalPlanDescription\":\"== Physical Plan ==\\n* Scan\","
                + "\"sparkPlanInfo\":{\"nodeName\":\"Scan\",\"simpleString\":\"Scan \\\"t\\\"\",\"children\":[{\"nodeName\":\"X\","
                + "\"children\":[],\"metadata\":{},\"metrics\":[{\"name\":\"rows\",\"accumulatorId\":9,\"metricType\":\"sum\"}]}],"
                + "\"metrics\":[]},\"time\":1700000000000,\"modifiedConfigs\":{}}");
        int read = 0;
        for (String line : lines) {
            if (SkimDifferential.assertAgree(line.getBytes(StandardCharsets.UTF_8))) {
                read++;
            }
        }
        assertThat(read).isGreaterThan(10);
    }

    private static List<String> realSkimmedLines() throws IOException, URISyntaxException {
        return RealLogLines.matching(List.of("/spark-upstream/spark-events", "/spark-upstream/sql-spark-events",
                "/spark/eventlogs/join-plain", "/spark/eventlogs/skewed-join-plain", "/spark/eventlogs/spark35"), l -> {
                    String start = "{\"Event\":\"";
                    int q = l.indexOf('"', start.length());
                    return l.startsWith(start) && q > 0 && EventSkimmer.shapeOf(l.substring(start.length(), q)).isPresent();
                });
    }
}
