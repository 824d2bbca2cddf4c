package dev.sparkdoc.spark;

import static org.apache.spark.sql.functions.callUDF;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.TaskThread;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.TriageSchema;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the slow task is doing right now: a real {@code local[2]} application one of whose tasks
 * sits in a user method ({@link StuckParser#parse}) for {@value #STUCK_MS} ms. Within two polls of
 * the task's 12th second, the live snapshot holds the task's thread from the executor's dump, and
 * the top finding's evidence names the method, its file and line, and the thread's state.
 */
@RealSpark
class LiveThreadDumpScenarioTest {

    static final long STUCK_MS = 30_000;
    private static final Duration MOMENT = Duration.ofSeconds(12);

    @TempDir
    Path logs;

    /** A user's parser with one row it cannot get past quickly. */
    static final class StuckParser implements UDF1<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long call(Long id) throws Exception {
            return parse(id);
        }

        static long parse(long id) throws InterruptedException {
            if (id == 0) {
                Thread.sleep(STUCK_MS); // the line the dump must name: LINE_OF_SLEEP
            }
            return id % 7;
        }
    }

    static final int LINE_OF_SLEEP = 49;

    @Test
    void theStuckTasksUserFrameAndStateAreEvidenceOfTheTopFindingWithinTwoPolls() {
        String name = "a task stuck in StuckParser.parse";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder(), logs, spark -> {
            spark.udf().register("parse", new StuckParser(), DataTypes.LongType);
            return spark.range(0, 64, 1, 8).select(sum(callUDF("parse", col("id")))).first().getLong(0);
        }, rest -> {
            // the findings need the running stage's quantiles, an optional read a loaded poll may miss: the
            // first poll that has them, and the dump at it or at the poll after (a dump may have been slow)
            java.util.function.Predicate<AppSnapshot> measured = snap -> snap.stages().stream()
                    .anyMatch(st -> st.quantiles().isPresent() && st.notableTasks().stream().anyMatch(dev.sparkdoc.model.TaskSample::running));
            AppSnapshot s = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT, measured).snapshot();
            if (s.taskThreads().isEmpty()) {
                s = ScenarioTriage.whenATaskHasRun(name, rest, MOMENT, measured).snapshot();
            }
            assertThat(s.taskThreads()).as(s.source().notes().toString()).hasSize(1);
            TaskThread thread = s.taskThreads().get(0);
            assertThat(thread.threadName()).contains("TID " + thread.taskId());
            assertThat(thread.state()).isEqualTo("TIMED_WAITING");
            assertThat(thread.frames()).anySatisfy(f -> assertThat(f).startsWith("dev.sparkdoc.spark.LiveThreadDumpScenarioTest$StuckParser.parse("));

            // what the stage detail of attach draws for it: the user's frame marked, with its line
            assertThat(dev.sparkdoc.report.ThreadStackText.lines(thread)).contains(dev.sparkdoc.report.ThreadStackText.USER_MARK
                    + "dev.sparkdoc.spark.LiveThreadDumpScenarioTest$StuckParser.parse(LiveThreadDumpScenarioTest.java:" + LINE_OF_SLEEP + ")");

            Diagnosis d = Diagnosis.of(s, RuleCatalog.builtIn());
            assertThat(TriageSchema.errors(d)).isEmpty();
            Finding top = d.atLeast(Severity.WARNING).get(0);
            String where = "task " + thread.taskId() + " is in LiveThreadDumpScenarioTest$StuckParser.parse (LiveThreadDumpScenarioTest.java:"
                    + LINE_OF_SLEEP + "), TIMED_WAITING";
            assertThat(top.evidence()).as(ScenarioTriage.describe(name, d))
                    .anySatisfy(e -> assertThat(e.display()).startsWith(where));
            System.err.println("LiveThreadDumpScenarioTest: " + top.rule() + ": " + top.evidence().stream()
                    .filter(e -> e.unit().equals("text")).map(Finding.Evidence::display).toList() + "\n  frames " + thread.frames());
        });
        assertThat(t.result()).isEqualTo(java.util.stream.LongStream.range(0, 64).map(i -> i % 7).sum());
        // after the fact there is no dump to read: no evidence of where a task was
        assertThat(t.log().snapshot().taskThreads()).isEmpty();
    }
}
