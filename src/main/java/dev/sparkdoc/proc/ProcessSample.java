package dev.sparkdoc.proc;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every process visible at one moment.
 *
 * @param takenAt   wall-clock time of the sample, for ages
 * @param nanoTime  {@link System#nanoTime()} at the sample, for CPU % (wall clocks jump)
 */
public record ProcessSample(Instant takenAt, long nanoTime, List<ProcessInfo> processes) {

    public ProcessSample {
        processes = List.copyOf(processes);
    }

    public Map<Long, ProcessInfo> byPid() {
        Map<Long, ProcessInfo> map = new HashMap<>();
        processes.forEach(p -> map.put(p.pid(), p));
        return map;
    }

    public Optional<ProcessInfo> find(long pid) {
        return processes.stream().filter(p -> p.pid() == pid).findFirst();
    }
}
