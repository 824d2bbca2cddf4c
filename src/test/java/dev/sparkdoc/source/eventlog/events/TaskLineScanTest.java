package dev.sparkdoc.source.eventlog.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * The byte-level read of task lines ({@link TaskLineScan}) gives exactly
 * what Jackson's full parse gives, on every task line of the real Spark logs in the test
 * resources, and leaves every shape it does not know to the full parse.
 */
class TaskLineScanTest {

    private static final JsonFactory JSON = new JsonFactory();

    @Test
    void everyRealTaskLineReadsTheSameAsAFullParse() throws Exception {
        List<String> lines = realTaskLines();
        assertThat(lines.size()).isGreaterThan(400);
        for (LongPredicate wanted : List.<LongPredicate>of(id -> true, id -> id % 3 == 0, id -> false)) {
            TaskLineScan scan = new TaskEventParser(new ExecutorMetricNames(), wanted).lineScan();
            int plain = 0;
            for (String line : lines) {
                assertThat(fields(viaLineParser(line, wanted))).as(line).isEqualTo(fields(viaJackson(line, wanted)));
                byte[] b = line.getBytes(StandardCharsets.UTF_8);
                TaskEvent e = new TaskEvent();
                e.reset(line.startsWith("{\"Event\":\"SparkListenerTaskEnd\""));
                if (scan.read(b, 0, b.length, e)) {
                    plain++;
                }
            }
            // the byte-level path is the one taken: only failed tasks (stack traces) and odd lines fall back
            assertThat(plain).isGreaterThan(lines.size() * 9 / 10);
        }
    }

    @Test
    void aReaderKeepingItsKeyOrdersFromLineToLineReadsEveryRealLineAsAFullParse() throws Exception {
        List<String> lines = realTaskLines();
        List<String> shuffled = new ArrayList<>(lines);
        // logs of Spark 2.x to 4.x interleaved: keys change order and names between lines
        Collections.shuffle(shuffled, new Random(7));
        for (List<String> order : List.of(lines, shuffled)) {
            for (LongPredicate wanted : List.<LongPredicate>of(id -> true, id -> id % 3 == 0)) {
                TaskLineDifferential.Readers readers = new TaskLineDifferential.Readers(wanted);
                for (String line : order) {
                    readers.assertAgree(line.getBytes(StandardCharsets.UTF_8));
                }
            }
        }
    }

    @Test
    void keysMovedRenamedOrMissingSinceTheLineBeforeAreReadByName() {
        String usual = "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":1,\"Task End Reason\":{\"Reason\":\"Success\"},"
                + "\"Task Info\":{\"Task ID\":42,\"Executor ID\":\"1\",\"Launch Time\":5,\"Accumulables\":["
                + "{\"ID\":7,\"Name\":\"rows\",\"Update\":\"3\",\"Value\":\"3\",\"Internal\":true,\"Count Failed Values\":true,\"Metadata\":\"sql\"},"
                + "{\"ID\":8,\"Name\":\"internal.metrics.x\",\"Update\":4,\"Value\":4,\"Internal\":true,\"Count Failed Values\":true}]},"
                + "\"Task Executor Metrics\":{\"JVMHeapMemory\":10,\"JVMOffHeapMemory\":20},"
                + "\"Task Metrics\":{\"Executor Run Time\":100,\"JVM GC Time\":7,\"Shuffle Read Metrics\":{\"Remote Bytes Read\":5,\"Local Bytes Read\":6}}}";
        List<String> changed = List.of(
                usual.replace("\"Executor Run Time\":100,\"JVM GC Time\":7", "\"JVM GC Time\":7,\"Executor Run Time\":100"),
                usual.replace("\"JVMHeapMemory\":10,\"JVMOffHeapMemory\":20", "\"JVMOffHeapMemory\":20,\"JVMHeapMemory\":10"),
                usual.replace("\"JVMHeapMemory\":10", "\"OnHeapExecutionMemory\":10"),
                usual.replace("\"Remote Bytes Read\":5,\"Local Bytes Read\":6", "\"Local Bytes Read\":6"),
                usual.replace("\"Executor ID\":\"1\",\"Launch Time\":5", "\"Launch Time\":5,\"Executor ID\":\"1\""),
                usual.replace("{\"ID\":7,\"Name\":\"rows\",\"Update\":\"3\"", "{\"ID\":7,\"Update\":\"3\",\"Name\":\"rows\""),
                usual.replace(",\"Metadata\":\"sql\"", ""),
                usual.replace("\"Update\":4,", ""),
                usual.replace("\"Stage ID\":1,", "\"Stage ID\": 1 ,"),
                usual.replace("\"Task ID\":42", "\"Task ID\":43,\"Task ID\":44"));
        for (LongPredicate wanted : List.<LongPredicate>of(id -> true, id -> id == 8)) {
            TaskLineDifferential.Readers readers = new TaskLineDifferential.Readers(wanted);
            for (String line : changed) {
                // the usual line before and after each change: the change meets remembered orders, and is remembered
                readers.assertAgree(usual.getBytes(StandardCharsets.UTF_8));
                readers.assertAgree(line.getBytes(StandardCharsets.UTF_8));
                readers.assertAgree(usual.getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void sqlMetricUpdatesWrittenAsStringsAndNegativeNumbersAreRead() throws Exception {
        String line = taskEnd("{\"ID\":7,\"Name\":\"a \\\"Update\\\": 9, [x]\",\"Update\":\"12\",\"Value\":\"40\"},"
                + "{\"ID\":8,\"Update\":-3},{\"ID\":9,\"Name\":\"no update\"}");
        TaskEvent e = viaLineParser(line, id -> true);
        assertThat(accumulables(e)).containsExactly(Map.entry(7L, 12L), Map.entry(8L, -3L));
        assertThat(fields(e)).isEqualTo(fields(viaJackson(line, id -> true)));
    }

    @Test
    void accumulablesJsonProtocolDoesNotWriteAreLeftToJackson() {
        TaskLineScan scan = new TaskEventParser(new ExecutorMetricNames(), id -> true).lineScan();
        for (String entries : List.of(
                "{\"Name\":\"id second\",\"ID\":7,\"Update\":5}",
                "{\"ID\":7,\"Update\":1.5}",
                "{\"ID\":7,\"Update\":\"many\"}",
                "{\"ID\":7,\"Update\":12345678901234567890}",
                "{\"ID\":7,\"Update\":[1,2]}",
                "{\"ID\":7,\"Update\":5,\"ID\":8}",
                "{\"ID\":7,\"Update\":5} {\"ID\":8,\"Update\":6}",
                "{\"ID\":7,\"NoValue\",\"Update\":5}",
                "{\"ID\":7,\"Name\":\"tab\tinside\",\"Update\":5}",
                "{\"ID\":7,\"Name\":\"caf\u00e9\",\"Update\":5}",
                "7, 8",
                "{\"ID\":7,\"Update\":5},")) {
            byte[] b = taskEnd(entries).getBytes(StandardCharsets.UTF_8);
            TaskEvent e = new TaskEvent();
            e.reset(true);
            assertThat(scan.read(b, 0, b.length, e)).as(entries).isFalse();
            TaskLineDifferential.assertAgree(b, id -> true);
        }
    }

    @Test
    void linesOutsideThePlainShapeReadAsTheFullParseReadsThem() throws Exception {
        String base = "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":1,\"Task End Reason\":%s,"
                + "\"Task Info\":{\"Task ID\":42,\"Executor ID\":%s,\"Host\":\"h\",\"Speculative\":%s,\"Accumulables\":[]},"
                + "\"Task Metrics\":{\"Executor Run Time\":%s,\"Shuffle Read Metrics\":{\"Remote Bytes Read\":5}}}";
        List<String> lines = List.of(
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "100"),
                base.formatted("{\"Reason\":\"ExceptionFailure\",\"Class Name\":\"java.lang.RuntimeException\","
                        + "\"Description\":\"bad \\\"record\\\"\",\"Full Stack Trace\":\"a\\n\\tat b\"}", "\"1\"", "false", "100"),
                base.formatted("{\"Reason\":\"Success\",\"Accumulables\":[{\"ID\":1,\"Update\":2}]}", "\"1\"", "false", "100"),
                base.formatted("{\"Reason\":\"Success\"}", "\"exec\\u00e9\"", "false", "100"),
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "\"true\"", "100"),
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "1.5e2"),
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "0100"),
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "12345678901234567890"),
                base.formatted("{\"Reason\":\"Success\"}", "null", "false", "100"),
                base.formatted("{ \"Reason\" : \"Success\" }", "\"1\"", "false", " 100 "),
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "100") + " trailing",
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "100 \"x\":1"),
                base.formatted("{\"Reason\":\"Success\"}", "\"1\"", "false", "100").replace("\"Stage ID\":1,", "\"Stage ID\":1,,"),
                "{\"Event\":\"SparkListenerTaskEnd\",\"Task Info\":{\"Task ID\":3,\"Accumulables\":[{\"ID\":1,\"Upda",
                "{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":4,\"Task Info\":{\"Task ID\":3,\"Launch Time\":-5}}");
        for (String line : lines) {
            TaskLineDifferential.assertAgree(line.getBytes(StandardCharsets.UTF_8), id -> true);
        }
    }

    private static String taskEnd(String entries) {
        return "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":1,\"Task End Reason\":{\"Reason\":\"Success\"},"
                + "\"Task Info\":{\"Task ID\":42,\"Executor ID\":\"1\",\"Accumulables\":[" + entries + "],\"Killed\":false},"
                + "\"Task Metrics\":{\"Executor Run Time\":100}}";
    }

    private static TaskEvent viaLineParser(String line, LongPredicate wanted) throws IOException {
        return TaskLineDifferential.viaLineParser(line.getBytes(StandardCharsets.UTF_8), wanted);
    }

    private static TaskEvent viaJackson(String line, LongPredicate wanted) throws IOException {
        return TaskLineDifferential.viaJackson(line.getBytes(StandardCharsets.UTF_8), wanted);
    }

    private static Map<Long, Long> accumulables(TaskEvent e) {
        return TaskLineDifferential.accumulables(e);
    }

    private static Map<String, Object> fields(TaskEvent e) {
        return TaskLineDifferential.fields(e);
    }

    private static List<String> realTaskLines() throws IOException, URISyntaxException {
        return RealLogLines.matching(List.of("/spark-upstream/spark-events", "/spark-upstream/sql-spark-events", "/spark/eventlogs/join-plain"),
                l -> l.startsWith("{\"Event\":\"SparkListenerTaskEnd\"") || l.startsWith("{\"Event\":\"SparkListenerTaskStart\""));
    }
}
