package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * CPU % of real processes, checked against what the kernel's scheduler itself counted for the
 * same process over the same window ({@code /proc/PID/schedstat}: nanoseconds on a CPU, not the
 * clock ticks of {@code stat} the sampler reads). A busy loop gets a full core on an idle machine
 * and a fraction of one on a loaded one; either way the reading must match the scheduler's.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc (the ps fallback has 1 s CPU-time resolution and no sockets)")
class CpuPercentTest {

    /** stat's utime/stime tick at 100 Hz: a tick at each end of a window of at least 1 s is 2 points, doubled for slack. */
    private static final double TICKS = 4;

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    @Test
    void aBusyLoopReadsWhatTheSchedulerCountedAndAnIdleProcessNearZero() throws Exception {
        long busy = children.bash("while :; do :; done", Map.of()).pid();
        long idle = children.bash("read line", Map.of()).pid();
        ProcessSampler sampler = ProcessSampler.forThisMachine();

        // the scheduler's count bracketed around each sample: whatever the load, the reading lies between
        long beforeA = onCpuNanos(busy);
        ProcessSample a = sampler.sample();
        long afterA = onCpuNanos(busy);
        Thread.sleep(1000);  // the measuring interval itself, as top's
        long beforeB = onCpuNanos(busy);
        ProcessSample b = sampler.sample();
        long afterB = onCpuNanos(busy);
        double window = b.nanoTime() - a.nanoTime();
        double least = 100.0 * (beforeB - afterA) / window;
        double most = 100.0 * (afterB - beforeA) / window;
        double busyReading = cpu(a, b, busy);
        System.err.printf("ps: busy loop %.1f%% (scheduler %.1f-%.1f%%), idle %.1f%% over %.0f ms%n", busyReading, least, most,
                cpu(a, b, idle), window / 1e6);

        assertThat(busyReading).as("busy loop CPU %, against the scheduler's count").isBetween(least - TICKS, most + TICKS);
        assertThat(busyReading).as("never more than one core, a single-threaded loop").isLessThanOrEqualTo(100 + TICKS);
        assertThat(cpu(a, b, idle)).as("idle CPU %").isBetween(0.0, 2.0);
    }

    private static double cpu(ProcessSample a, ProcessSample b, long pid) {
        OptionalDouble v = CpuUsage.percent(a, b, b.find(pid).orElseThrow());
        assertThat(v).isPresent();
        return v.getAsDouble();
    }

    /** The first field of schedstat: time spent on a CPU, in nanoseconds (sched-stats.rst). */
    private static long onCpuNanos(long pid) throws IOException {
        return Long.parseLong(Files.readString(Path.of("/proc", Long.toString(pid), "schedstat")).trim().split("\\s+")[0]);
    }
}
