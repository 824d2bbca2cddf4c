package dev.sparkdoc.proc;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * CPU % as top computes it: the utime+stime a process gained between two samples over the wall
 * time between them; 100 means one core busy. {@code ps %cpu} is a lifetime average, useless
 * for "what is busy now".
 */
public final class CpuUsage {

    private CpuUsage() {
    }

    public static OptionalDouble percent(ProcessSample before, ProcessSample after, ProcessInfo now) {
        return percent(before.byPid(), after.nanoTime() - before.nanoTime(), now);
    }

    static OptionalDouble percent(Map<Long, ProcessInfo> before, long wallNanos, ProcessInfo now) {
        ProcessInfo then = before.get(now.pid());
        if (then == null || !then.sameProcessAs(now) || wallNanos <= 0) {
            return OptionalDouble.empty();
        }
        long cpuMs = Math.max(0, now.cpuTimeMs() - then.cpuTimeMs());
        return OptionalDouble.of(cpuMs * 1e6 / wallNanos * 100.0);
    }
}
