package dev.sparkdoc.source.eventlog.events;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongPredicate;
import java.util.stream.Stream;

/**
 * A task line read the way {@link LineParser} reads it (the byte-level {@link TaskLineScan} when
 * the line is plain) and the way Jackson's full parse reads it, as comparable values: every field
 * of the {@link TaskEvent}, or the failure's class. Public for the differential fuzz test.
 */
public final class TaskLineDifferential {

    private static final JsonFactory JSON = new JsonFactory();

    private TaskLineDifferential() {
    }

    /**
     * Throws {@link AssertionError} when the two readings of {@code line} differ. Both readers
     * have first read a real Spark 4 task start and task end, as in a log, so the byte-level
     * reader meets the line with the key orders of real lines in mind ({@link KeyOrder}).
     */
    public static void assertAgree(byte[] line, LongPredicate wanted) {
        Readers readers = new Readers(wanted);
        for (byte[] real : WARM_UP) {
            readers.assertAgree(real);
        }
        readers.assertAgree(line);
    }

    /** A real task start and task end (join-plain, Spark 4.0.1), read before each line checked. */
    private static final List<byte[]> WARM_UP = warmUpLines();

    /**
     * The byte-level reader (through {@link LineParser}) and the full parse, each reading line
     * after line with its own state kept, as over a log; executor metric names get their indexes
     * in the order both meet them.
     */
    public static final class Readers {
        private final LongPredicate wanted;
        private final LineParser lineParser;
        private final ExecutorMetricNames fullNames = new ExecutorMetricNames();

        public Readers(LongPredicate wanted) {
            this.wanted = wanted;
            this.lineParser = new LineParser(new TaskEventParser(new ExecutorMetricNames(), wanted));
        }

        public void assertAgree(byte[] line) {
            Object full = outcome(() -> viaJackson(line, wanted, fullNames));
            Object scanned = outcome(() -> read(lineParser, line));
            if (!full.equals(scanned)) {
                throw new AssertionError("the byte-level read differs from the full parse for "
                        + new String(line, StandardCharsets.UTF_8) + "\n  full:    " + full + "\n  scanned: " + scanned);
            }
        }
    }

    private static List<byte[]> warmUpLines() {
        try (InputStream in = TaskLineDifferential.class.getResourceAsStream("/spark/eventlogs/join-plain/local-1795967342242")) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            return Stream.of("{\"Event\":\"SparkListenerTaskStart\"", "{\"Event\":\"SparkListenerTaskEnd\"")
                    .map(start -> lines.stream().filter(l -> l.startsWith(start)).findFirst().orElseThrow())
                    .map(l -> l.getBytes(StandardCharsets.UTF_8))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface Read {
        TaskEvent read() throws IOException;
    }

    private static Object outcome(Read read) {
        try {
            TaskEvent e = read.read();
            return e == null ? "no task event" : fields(e);
        } catch (IOException | RuntimeException e) {
            // a line both refuse is refused alike, whichever exception says so
            return "refused";
        }
    }

    static TaskEvent viaLineParser(byte[] b, LongPredicate wanted) throws IOException {
        return read(new LineParser(new TaskEventParser(new ExecutorMetricNames(), wanted)), b);
    }

    private static TaskEvent read(LineParser parser, byte[] b) throws IOException {
        TaskEvent[] out = new TaskEvent[1];
        parser.parse(b, 0, b.length, new LineParser.Sink() {
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

    /** TaskEventParser over a Jackson parser of the whole line, for lines whose first field is the task "Event". */
    static TaskEvent viaJackson(byte[] b, LongPredicate wanted) throws IOException {
        return viaJackson(b, wanted, new ExecutorMetricNames());
    }

    private static TaskEvent viaJackson(byte[] b, LongPredicate wanted, ExecutorMetricNames names) throws IOException {
        String line = new String(b, StandardCharsets.UTF_8);
        boolean end = line.startsWith("{\"Event\":\"SparkListenerTaskEnd\"");
        if (!end && !line.startsWith("{\"Event\":\"SparkListenerTaskStart\"")) {
            return viaLineParser(b, wanted);
        }
        TaskEvent e = new TaskEvent();
        e.reset(end);
        try (JsonParser p = JSON.createParser(b)) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            new TaskEventParser(names, wanted).parse(p, e);
        }
        return e;
    }

    static Map<Long, Long> accumulables(TaskEvent e) {
        Map<Long, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < e.accumCount; i++) {
            m.put(e.accumIds[i], e.accumUpdates[i]);
        }
        return m;
    }

    /** Every field of the event, arrays as text, accumulables in order. */
    static Map<String, Object> fields(TaskEvent e) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Field f : TaskEvent.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.getName().startsWith("accum")) {
                continue;
            }
            try {
                Object v = f.get(e);
                m.put(f.getName(), v instanceof long[] a ? Arrays.toString(a) : v);
            } catch (IllegalAccessException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        m.put("accumulables", accumulables(e));
        m.values().removeIf(Objects::isNull);
        return m;
    }
}
