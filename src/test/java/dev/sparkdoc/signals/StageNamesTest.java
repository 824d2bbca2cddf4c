package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What stages and jobs are called, on real event logs of Spark 4.0.1, 3.5 and 3.1. */
class StageNamesTest {

    private static final Path LOGS = Path.of("src/test/resources/spark/eventlogs");

    private static Map<Integer, String> names(AppSnapshot snapshot) {
        StageNames names = StageNames.of(snapshot);
        Map<Integer, String> out = new TreeMap<>();
        for (Stage st : snapshot.stages()) {
            out.put(st.stageId(), names.stage(st));
        }
        return out;
    }

    @Test
    void spark4AqeStagesAreNamedByTheJobDescriptionNotThePoolThread() throws Exception {
        AppSnapshot s = new EventLogSource(LOGS.resolve("skewed-join-plain/local-1795967353438")).read();
        assertThat(s.stages()).allSatisfy(st -> assertThat(st.name()).startsWith("$anonfun$withThreadLocalCaptured$2"));
        assertThat(names(s).values()).isNotEmpty().containsOnly("skewed join");
        StageNames names = StageNames.of(s);
        assertThat(s.jobs()).allSatisfy(j -> assertThat(names.job(j)).isEqualTo("skewed join"));
        // the pool thread's stack holds no frame of the user's
        assertThat(s.stages()).allSatisfy(st -> assertThat(names.callSite(st)).isEmpty());
    }

    @Test
    void spark35KeepsItsOwnCallSiteNamesBehindTheDescriptionAndShowsThemAsWhere() throws Exception {
        AppSnapshot s = new EventLogSource(LOGS.resolve("spark35/local-1795969770784")).read();
        StageNames names = StageNames.of(s);
        assertThat(names(s).values()).containsOnly("multi-stage join");
        Stage counted = s.stages().stream().filter(st -> st.stageId() == 0).findFirst().orElseThrow();
        assertThat(names.callSite(counted)).contains("count at MakeSpark35Log.java:31");
        Stage pooled = s.stages().stream().filter(st -> st.name().contains("FutureTask")).findFirst().orElseThrow();
        assertThat(names.callSite(pooled)).isEmpty();
    }

    @Test
    void sparksOwnBroadcastDescriptionGivesWayToTheQueryItBuildsFor() throws Exception {
        AppSnapshot s = new EventLogSource(Path.of("src/test/resources/spark-upstream/spark-events/app-20200706201101-0003")).read();
        assertThat(names(s)).containsEntry(0, "foreach at <console>:26 (broadcast exchange)")
                .containsEntry(1, "foreach at <console>:26 (broadcast exchange)")
                .containsEntry(2, "foreach at <console>:26");
    }

    @Test
    void aMicroBatchIsNamedByItsQueryAndBatchOnOneLine() throws Exception {
        AppSnapshot s = new EventLogSource(LOGS.resolve("streaming-failing/eventlog_v2_local-1796520424096")).read();
        assertThat(names(s).values()).isNotEmpty().allSatisfy(n -> assertThat(n).doesNotContain("\n").doesNotContain("runId"))
                .contains("parser (micro-batch 1)");
        assertThat(StageNames.oneLine("\nid = 65f19e88-4ef5-4cee-a853-69f005882576\nrunId = c37824bd-851e-4b58-9b89-6c77bf2954fb\nbatch = 7"))
                .isEqualTo("query 65f19e88 (micro-batch 7)");
        assertThat(StageNames.oneLine("nightly load")).isEqualTo("nightly load");
    }
}
