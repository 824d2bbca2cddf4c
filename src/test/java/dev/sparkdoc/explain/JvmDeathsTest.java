package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** JVM deaths in a driver log, most of them without a stack trace; exit 137 is memory only with memory words. */
class JvmDeathsTest {

    @Test
    void exitOnOutOfMemoryErrorIsMemoryWithTheLastTimeStampBeforeIt() {
        List<JvmDeath> deaths = JvmDeaths.find(List.of(
                "25/12/02 05:12:22 INFO TaskSetManager: Finished task 1.0 in stage 0.0 (TID 1)",
                "Terminating due to java.lang.OutOfMemoryError: Java heap space"));

        assertThat(deaths).singleElement().satisfies(d -> {
            assertThat(d.memory()).isTrue();
            assertThat(d.time()).contains("25/12/02 05:12:22");
            assertThat(d.meaning()).contains("OutOfMemoryError: Java heap space").contains("ExitOnOutOfMemoryError");
        });
    }

    @Test
    void aLostNodesExit137IsNotMemoryButOomKilledIs() {
        JvmDeath lost = JvmDeaths.find(List.of(
                "Diagnostics: [2024-11-29 14:11:01.998]Container killed on request. Exit code is 137 [lost node]")).get(0);
        JvmDeath oomKilled = JvmDeaths.find(List.of("Pod spark-driver terminated: reason OOMKilled, exit code 137")).get(0);

        assertThat(lost.memory()).isFalse();
        assertThat(lost.meaning()).contains("preemption or a lost node");
        assertThat(oomKilled.memory()).isTrue();
    }

    @Test
    void exitCodesSayWhatTheyMean() {
        assertThat(ExitCodes.meaning(52)).contains("OutOfMemoryError");
        assertThat(ExitCodes.meaning(143)).contains("SIGTERM");
        assertThat(ExitCodes.meaning(134)).contains("SIGABRT");
        assertThat(ExitCodes.isMemory(137, "Command exited with code 137")).isFalse();
        assertThat(ExitCodes.isMemory(52, "exited with code 52")).isTrue();
        assertThat(JvmDeaths.find(List.of("25/12/02 05:12:22 INFO ApplicationMaster: Final app status: SUCCEEDED, exitCode: 0",
                "Command exited with code 0"))).isEmpty();
    }

    @Test
    void theMemoryDeathTellsMoreThanALaterKill() {
        List<JvmDeath> deaths = JvmDeaths.find(List.of("Terminating due to java.lang.OutOfMemoryError: Java heap space",
                "RECEIVED SIGNAL TERM"));

        assertThat(JvmDeaths.telling(deaths)).get().extracting(JvmDeath::memory).isEqualTo(true);
    }
}
