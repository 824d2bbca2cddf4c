package dev.sparkdoc.source.eventlog.fold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.source.eventlog.events.ExecutorMetricNames;
import dev.sparkdoc.source.eventlog.events.LineParser;
import dev.sparkdoc.source.eventlog.events.TaskEvent;
import dev.sparkdoc.source.eventlog.events.TaskEventParser;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Skimmed events keep exactly what a whole tree has in the fields the folders read. */
class EventSkimmerTest {

    private static final ObjectMapper TREES = new ObjectMapper();

    private static List<String> lines() throws IOException, URISyntaxException {
        Path log = Path.of(EventSkimmerTest.class.getResource("/spark/eventlogs/join-plain/local-1795967342242").toURI());
        return Files.readAllLines(log);
    }

    private static JsonNode skim(String line) throws IOException {
        JsonNode[] out = new JsonNode[1];
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        new LineParser(new TaskEventParser(new ExecutorMetricNames(), id -> true)).parse(bytes, 0, bytes.length,
                new LineParser.Sink() {
                    @Override
                    public TaskEvent taskEvent() {
                        return new TaskEvent();
                    }

                    @Override
                    public void task(TaskEvent e) {
                    }

                    @Override
                    public void event(String type, JsonNode tree) {
                        out[0] = tree;
                    }
                });
        return out[0];
    }

    private static String line(String event) throws Exception {
        return lines().stream().filter(l -> l.contains("\"Event\":\"" + event + "\"")).findFirst().orElseThrow();
    }

    @Test
    void jobStartKeepsStageInfosAndTheThreePropertiesAndDropsTheRest() throws Exception {
        String line = line("SparkListenerJobStart");
        JsonNode whole = TREES.readTree(line);
        JsonNode skimmed = skim(line);

        assertThat(skimmed.get("Job ID")).isEqualTo(whole.get("Job ID"));
        assertThat(skimmed.get("Stage IDs")).isEqualTo(whole.get("Stage IDs"));
        assertThat(skimmed.get("Submission Time")).isEqualTo(whole.get("Submission Time"));
        JsonNode info = skimmed.path("Stage Infos").get(0);
        JsonNode wholeInfo = whole.path("Stage Infos").get(0);
        for (String field : List.of("Stage ID", "Stage Attempt ID", "Stage Name", "Details", "Number of Tasks")) {
            assertThat(info.get(field)).as(field).isEqualTo(wholeInfo.get(field));
        }
        assertThat(info.has("RDD Info")).isFalse();
        assertThat(info.has("Accumulables")).isFalse();
        assertThat(wholeInfo.has("RDD Info")).isTrue();
        assertThat(skimmed.path("Properties").get("spark.sql.execution.id"))
                .isEqualTo(whole.path("Properties").get("spark.sql.execution.id"));
        assertThat(skimmed.path("Properties").size()).isLessThan(whole.path("Properties").size());
    }

    @Test
    void sqlExecutionStartKeepsThePlanTreeAndDropsItsText() throws Exception {
        String line = line("org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart");
        JsonNode whole = TREES.readTree(line);
        JsonNode skimmed = skim(line);

        assertThat(skimmed.get("Event").asText()).isEqualTo(whole.get("Event").asText());
        assertThat(skimmed.get("executionId")).isEqualTo(whole.get("executionId"));
        assertThat(skimmed.get("description")).isEqualTo(whole.get("description"));
        assertThat(skimmed.has("physicalPlanDescription")).isFalse();
        assertThat(SparkPlanGraph.of(skimmed.get("sparkPlanInfo"))).isEqualTo(SparkPlanGraph.of(whole.get("sparkPlanInfo")));
        assertThat(SparkPlanGraph.of(skimmed.get("sparkPlanInfo")).nodes()).isNotEmpty();
    }

    @Test
    void aCutLineIsRefusedLikeAWholeTreeWouldBe() throws Exception {
        String line = line("SparkListenerStageCompleted");
        String cut = line.substring(0, line.length() / 2);

        assertThatThrownBy(() -> TREES.readTree(cut)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> skim(cut)).isInstanceOf(IOException.class);
    }
}
