package dev.sparkdoc.source.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The byte-level read of a task end's accumulables gives exactly what Jackson's full parse gives,
 * on every task end of the real Spark logs in the test resources, and refuses shapes it does not
 * know (the line is then parsed the ordinary way).
 */
class AccumulablesScanTest {

    private static final JsonFactory JSON = new JsonFactory();

    @Test
    void everyRealTaskEndReadsTheSameAsAFullParse() throws Exception {
        List<String> ends = realTaskEnds();
        assertThat(ends.size()).isGreaterThan(200);
        int scanned = 0;
        for (LongPredicate wanted : List.<LongPredicate>of(id -> true, id -> id % 3 == 0, id -> false)) {
            for (String line : ends) {
                assertThat(fields(viaLineParser(line, wanted))).as(line).isEqualTo(fields(viaJackson(line, wanted)));
                byte[] b = line.getBytes(StandardCharsets.UTF_8);
                if (AccumulablesScan.find(b, 0, b.length) >= 0) {
                    scanned++;
                }
            }
        }
        // the fast path is the one taken, not the fallback: Spark 1.x logs have task ends without accumulables
        assertThat(scanned).isGreaterThan(ends.size());
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
    void shapesJsonProtocolDoesNotWriteAreLeftToJackson() throws IOException {
        for (String entries : List.of(
                "{\"Name\":\"id second\",\"ID\":7,\"Update\":5}",
                "{\"ID\":7,\"Update\":1.5}",
                "{\"ID\":7,\"Update\":\"many\"}",
                "{\"ID\":7,\"Update\":12345678901234567890}",
                "{\"ID\":7,\"Update\":5} {\"ID\":8,\"Update\":6}",
                "7, 8",
                "{\"ID\":7,\"Update\":5},]")) {
            String line = taskEnd(entries);
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            int open = AccumulablesScan.find(b, 0, b.length);
            assertThat(open).as(entries).isPositive();
            assertThat(AccumulablesScan.read(b, open, b.length, id -> true, new TaskEvent())).as(entries).isEqualTo(-1);
        }
    }

    @Test
    void anAccumulablesFieldOutsideTaskInfoOrACutArrayIsNotTaken() {
        String elsewhere = "{\"Event\":\"SparkListenerTaskEnd\",\"Task End Reason\":{\"Accumulables\":[{\"ID\":1,\"Update\":2}]},"
                + "\"Task Info\":{\"Task ID\":3}}";
        String cut = "{\"Event\":\"SparkListenerTaskEnd\",\"Task Info\":{\"Task ID\":3,\"Accumulables\":[{\"ID\":1,\"Upda";
        for (String line : List.of(elsewhere, cut)) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            int open = AccumulablesScan.find(b, 0, b.length);
            assertThat(open < 0 || AccumulablesScan.read(b, open, b.length, id -> true, new TaskEvent()) < 0).as(line).isTrue();
        }
    }

    private static String taskEnd(String entries) {
        return "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":1,\"Task End Reason\":{\"Reason\":\"Success\"},"
                + "\"Task Info\":{\"Task ID\":42,\"Executor ID\":\"1\",\"Accumulables\":[" + entries + "],\"Killed\":false},"
                + "\"Task Metrics\":{\"Executor Run Time\":100}}";
    }

    private static TaskEvent viaLineParser(String line, LongPredicate wanted) throws IOException {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        TaskEvent[] out = new TaskEvent[1];
        new LineParser(new TaskEventParser(new ExecutorMetricNames(), wanted)).parse(b, 0, b.length, new LineParser.Sink() {
            @Override
            public TaskEvent taskEvent() {
                return new TaskEvent();
            }

            @Override
            public void task(TaskEvent e) {
                out[0] = e;
            }

            @Override
            public void event(String type, JsonNode tree) {
            }
        });
        return out[0];
    }

    private static TaskEvent viaJackson(String line, LongPredicate wanted) throws IOException {
        TaskEvent e = new TaskEvent();
        e.reset(true);
        try (JsonParser p = JSON.createParser(line)) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            new TaskEventParser(new ExecutorMetricNames(), wanted).parse(p, e);
        }
        return e;
    }

    private static Map<Long, Long> accumulables(TaskEvent e) {
        Map<Long, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < e.accumCount; i++) {
            m.put(e.accumIds[i], e.accumUpdates[i]);
        }
        return m;
    }

    /** Every field of the event, arrays as lists, accumulables in order. */
    private static Map<String, Object> fields(TaskEvent e) throws IllegalAccessException {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Field f : TaskEvent.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.getName().startsWith("accum")) {
                continue;
            }
            f.setAccessible(true);
            Object v = f.get(e);
            m.put(f.getName(), v instanceof long[] a ? Stream.of(a).map(java.util.Arrays::toString).toList() : v);
        }
        m.put("accumulables", accumulables(e));
        m.values().removeIf(Objects::isNull);
        return m;
    }

    private static List<String> realTaskEnds() throws IOException, URISyntaxException {
        List<String> ends = new ArrayList<>();
        for (String dir : List.of("/spark-upstream/spark-events", "/spark-upstream/sql-spark-events", "/spark/eventlogs/join-plain")) {
            try (Stream<Path> files = Files.list(Path.of(AccumulablesScanTest.class.getResource(dir).toURI()))) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    byte[] head = Files.readAllBytes(f);
                    if (head.length == 0 || head[0] != '{') {
                        continue;
                    }
                    new String(head, StandardCharsets.UTF_8).lines()
                            .filter(l -> l.startsWith("{\"Event\":\"SparkListenerTaskEnd\""))
                            .forEach(ends::add);
                }
            }
        }
        return ends;
    }
}
