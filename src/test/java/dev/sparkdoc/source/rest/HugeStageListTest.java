package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.ForkedProcess;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import okio.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server listing 200,000 stage attempts (65 MB; a raised {@code spark.ui.retainedStages}, or a
 * hostile server): {@code triage} in a JVM of 256 MB heap, as on a small edge node, completes with
 * a note instead of an OutOfMemoryError (the list once took 1.2 GB).
 */
@ForkedProcess
@Timeout(900)   // a guard against a hang, not a measurement
class HugeStageListTest {

    private static final String ID = "app-20261129133113-0001";
    private static final String APP_PATH = "/api/v1/applications/" + ID;
    private static final String APP = MiniSpark.liveApp(ID, "many stages", "2026-11-29T13:31:13.000GMT");
    private static final int STAGES = 200_000;
    private static final Duration PATIENCE = Duration.ofSeconds(600);

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();

    @TempDir
    Path dir;

    @Test
    void triageOfTwoHundredThousandStagesCompletesIn256MbWithANote() throws Exception {
        Child triage = triage("-Xmx256m");
        assertThat(triage.err()).doesNotContain("OutOfMemoryError", "Exception", "\tat ");
        assertThat(triage.exit()).as(triage.err()).isIn(0, 1);
        assertThat(triage.out().replaceAll("\\s+", " ")).contains("the newest 20,000 of 200,000 stage attempts read");
    }

    @Test
    void aHeapTooSmallForTheAnswerIsOneLineAndExitThreeNotAStackTrace() throws Exception {
        Child triage = triage("-Xmx16m");
        assertThat(triage.exit()).as(triage.err()).isEqualTo(3);
        assertThat(triage.err()).startsWith("sparkdoc: out of memory (heap limit ").contains("-Xmx")
                .doesNotContain("\tat ", "Exception").hasLineCount(1);
    }

    private record Child(int exit, String out, String err) {
    }

    private Child triage(String heap) throws Exception {
        Buffer stages = stageList(STAGES);
        long listBytes = stages.size();
        mock.routes().route(APP_PATH + "/stages", r -> r.getUrl().queryParameter("status") == null,
                        () -> new MockResponse.Builder().setHeader("Content-Type", "application/json").body(stages.clone()).build())
                .route("/api/v1/applications", () -> RoutingDispatcher.json(MiniSpark.list(APP)));
        MiniSpark.emptyApp(mock.routes(), "", ID, APP);

        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-XX:+UseSerialGC", heap, "-Duser.home=" + dir,
                "-cp", System.getProperty("java.class.path"), "dev.sparkdoc.cli.Main", "triage", "--timeout", "60",
                mock.url("/").toString());
        pb.environment().put("HOME", dir.toString());
        Process triage = pb
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long peakKb = awaitExit(triage);
        System.err.printf(Locale.ROOT, "HugeStageListTest: %,d stages in %,d bytes; triage %s exit %d, peak RSS %,d KB%n",
                STAGES, listBytes, heap, triage.exitValue(), peakKb);
        return new Child(triage.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Waits for the process; returns its peak resident set (VmHWM) in KB, 0 where /proc does not tell. */
    private static long awaitExit(Process p) throws InterruptedException {
        long peak = 0;
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Path status = Path.of("/proc", Long.toString(p.pid()), "status");
        while (!p.waitFor(50, TimeUnit.MILLISECONDS)) {
            if (System.nanoTime() > deadline) {
                p.destroyForcibly();
                throw new AssertionError("triage still running after " + PATIENCE);
            }
            peak = Math.max(peak, highWaterKb(status));
        }
        return peak;
    }

    private static long highWaterKb(Path status) {
        try {
            List<String> lines = Files.readAllLines(status);
            return lines.stream().filter(l -> l.startsWith("VmHWM:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("\\D", ""))).orElse(0L);
        } catch (IOException | RuntimeException gone) {
            return 0;
        }
    }

    /** Finished stages in Spark's list shape, newest first, about 330 bytes each. */
    private static Buffer stageList(int n) {
        Buffer b = new Buffer().writeUtf8("[");
        for (int id = n - 1; id >= 0; id--) {
            b.writeUtf8(String.format(Locale.ROOT, "%s{\"status\":\"COMPLETE\",\"stageId\":%d,\"attemptId\":0,\"numTasks\":8,"
                    + "\"numActiveTasks\":0,\"numCompleteTasks\":8,\"submissionTime\":\"2026-11-29T13:31:13.000GMT\","
                    + "\"completionTime\":\"2026-11-29T13:31:14.000GMT\",\"executorRunTime\":%d,\"executorCpuTime\":%d,"
                    + "\"inputBytes\":1024,\"shuffleWriteBytes\":2048,\"name\":\"map at Etl.scala:%d\",\"details\":\"x\"}",
                    id == n - 1 ? "" : ",", id, 800 + id % 97, 700_000 + id, id % 500));
        }
        return b.writeUtf8("]");
    }
}
