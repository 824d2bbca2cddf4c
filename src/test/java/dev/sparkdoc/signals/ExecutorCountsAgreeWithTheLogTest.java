package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.TriageReport;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.eventlog.files.Codec;
import dev.sparkdoc.source.eventlog.files.EventLogFiles;
import dev.sparkdoc.source.eventlog.files.Segment;
import dev.sparkdoc.testing.RealLogs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The executor and slot counts sparkdoc prints agree with the log's own ExecutorAdded and
 * ExecutorRemoved events, read here straight from the log's lines: the triage header's
 * executors, and every "N slots" or "N executor(s)" a finding's title or remedies say, on every
 * real event log we have (the shared fixtures beside the clone count when present).
 */
class ExecutorCountsAgreeWithTheLogTest {

    private static final List<String> ROOTS = List.of("examples", "src/test/resources/spark/eventlogs",
            "src/test/resources/public-eventlogs", "src/test/resources/spark-upstream/spark-events",
            "src/test/resources/spark-upstream/sql-spark-events", "../shared/fixtures");
    private static final Pattern SLOTS = Pattern.compile("(\\d[\\d,]*) (?:executor |task )?slots\\b");
    /** A count of the app's executors; "with 4 executor(s) of 8 cores", "Run 4 executors" are a what-if's proposal, not a count. */
    private static final Pattern EXECUTORS = Pattern.compile("(?<!with )(?<!Run )(\\d[\\d,]*) executors?(?:\\(s\\))?");

    static Stream<String> logs() throws IOException {
        return RealLogs.under(ROOTS);
    }

    /** What the log's executor events say: each executor's cores from its ExecutorAdded, and when it came and went. */
    private record Events(Map<String, Integer> cores, Map<String, Long> added, Map<String, Long> removed) {

        int peakCores() {
            TreeMap<Long, Integer> change = new TreeMap<>();
            added.forEach((id, t) -> change.merge(t, cores.get(id), Integer::sum));
            removed.forEach((id, t) -> {
                if (cores.containsKey(id)) {
                    change.merge(t, -cores.get(id), Integer::sum);
                }
            });
            int now = 0;
            int peak = 0;
            for (int d : change.values()) {
                now += d;
                peak = Math.max(peak, now);
            }
            return peak;
        }
    }

    @ParameterizedTest
    @MethodSource("logs")
    void theCountsPrintedAreTheLogsExecutorEvents(String log) throws IOException {
        Events events = events(log);
        assumeTrue(!events.cores().isEmpty(), "no ExecutorAdded: local mode or a log cut before any executor");
        AppSnapshot snapshot = read(log);
        AppContext ctx = AppContext.of(snapshot);
        ExecutorCounts counts = ExecutorCounts.of(ctx);

        assertThat(counts.added()).as("executors added in %s", log).isEqualTo(events.cores().size());
        long removed = events.removed().keySet().stream().filter(events.cores()::containsKey).count();
        assertThat(counts.removed()).as("executors removed in %s", log).isEqualTo((int) removed);
        // a slot is a core unless spark.task.cpus asks more per task: never more slots than cores; a log whose executor
        // times were dropped as outside its span (edited, or clocks that disagree) has them all alive at once
        boolean timesDropped = snapshot.source().notes().stream().anyMatch(n -> n.contains("executor added/removed time(s) outside"));
        int cores = timesDropped ? events.cores().values().stream().mapToInt(Integer::intValue).sum() : events.peakCores();
        assertThat(counts.slotsPeak()).as("most slots at once in %s", log).isPositive().isLessThanOrEqualTo(cores);
        assertThat(counts.slotsNow()).as("slots now").isLessThanOrEqualTo(counts.slotsPeak());

        Diagnosis d = Diagnosis.of(snapshot, RuleCatalog.builtIn());
        TriageReport.Executors header = TriageReport.of(d, "test", Severity.INFO, Integer.MAX_VALUE).application().executors();
        assertThat(header.total()).as("header's executors").isEqualTo(events.cores().size());
        assertThat(header.active()).as("header's executors alive").isEqualTo(events.cores().size() - (int) removed);
        assertThat(header.peakSlots()).as("header's most slots").isEqualTo(counts.slotsPeak());
        for (Finding f : d.findings()) {
            for (String text : said(f)) {
                assertThat(numbers(SLOTS, text)).as("slots in %s: %s", f.rule(), text).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(counts.slotsPeak()));
                assertThat(numbers(EXECUTORS, text)).as("executors in %s: %s", f.rule(), text)
                        .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(counts.added()));
            }
        }
    }

    private static List<String> said(Finding f) {
        List<String> out = new ArrayList<>();
        out.add(f.title());
        f.remedies().forEach(r -> {
            out.add(r.text());
            r.why().ifPresent(out::add);
        });
        return out;
    }

    private static List<Long> numbers(Pattern p, String text) {
        List<Long> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(Long.parseLong(m.group(1).replace(",", "")));
        }
        return out;
    }

    private static Events events(String log) throws IOException {
        Map<String, Integer> cores = new HashMap<>();
        Map<String, Long> added = new HashMap<>();
        Map<String, Long> removed = new HashMap<>();
        EventLogFiles files;
        try {
            files = EventLogFiles.resolve(Path.of(log));
        } catch (RuntimeException e) {
            assumeTrue(false, "not an event log: " + e.getMessage());
            throw new AssertionError(e);
        }
        for (Path file : files.files()) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(
                    new Segment(file, Codec.ofFileName(file.getFileName().toString())).open(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (line.contains("SparkListenerExecutorAdded") || line.contains("SparkListenerExecutorRemoved")) {
                        event(line, cores, added, removed);
                    }
                }
            } catch (IOException | RuntimeException e) {
                assumeTrue(false, "not a readable event log: " + e.getMessage());
            }
        }
        return new Events(cores, added, removed);
    }

    private static void event(String line, Map<String, Integer> cores, Map<String, Long> added, Map<String, Long> removed)
            throws IOException {
        JsonNode e = Json.mapper().readTree(line);
        String id = e.path("Executor ID").asText();
        if (id.equals("driver")) {
            return;
        }
        if (e.path("Event").asText().endsWith("ExecutorAdded")) {
            cores.put(id, e.path("Executor Info").path("Total Cores").asInt());
            added.put(id, e.path("Timestamp").asLong());
        } else if (e.path("Event").asText().endsWith("ExecutorRemoved")) {
            removed.put(id, e.path("Timestamp").asLong());
        }
    }

    private static AppSnapshot read(String log) {
        try {
            return new EventLogSource(Path.of(log)).read();
        } catch (RuntimeException e) {
            assumeTrue(false, "not a readable event log: " + e.getMessage());
            throw new AssertionError(e);
        }
    }
}
