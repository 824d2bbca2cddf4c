package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * CPU % of real processes. The build machine has two cores shared with other builds, so a busy
 * loop may be scheduled out now and then: a measurement is repeated (up to a deadline) until one
 * lands in the band, but none may ever exceed it.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc (the ps fallback has 1 s CPU-time resolution and no sockets)")
class CpuPercentTest {

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    @Test
    void aBusyLoopReadsNearOneFullCoreAndAnIdleProcessNearZero() throws Exception {
        long busy = children.bash("while :; do :; done", Map.of()).pid();
        long idle = children.bash("read line", Map.of()).pid();
        ProcessSampler sampler = ProcessSampler.forThisMachine();
        double[] last = new double[2];
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        boolean inBand = false;
        while (!inBand && System.nanoTime() < deadline) {
            ProcessSample a = sampler.sample();
            Thread.sleep(1000);  // the measuring interval itself, as top's
            ProcessSample b = sampler.sample();
            last[0] = cpu(a, b, busy);
            last[1] = cpu(a, b, idle);
            System.err.printf("ps: busy loop %.1f%%, idle %.1f%% over %d ms%n", last[0], last[1], (b.nanoTime() - a.nanoTime()) / 1_000_000);
            assertThat(last[0]).as("never more than one core, a single-threaded loop").isLessThanOrEqualTo(120);
            assertThat(last[1]).isLessThanOrEqualTo(2);
            inBand = last[0] >= 80;
        }
        assertThat(last[0]).as("busy loop CPU %").isBetween(80.0, 120.0);
        assertThat(last[1]).as("idle CPU %").isBetween(0.0, 2.0);
    }

    private static double cpu(ProcessSample a, ProcessSample b, long pid) {
        OptionalDouble v = CpuUsage.percent(a, b, b.find(pid).orElseThrow());
        assertThat(v).isPresent();
        return v.getAsDouble();
    }
}
