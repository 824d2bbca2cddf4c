package dev.sparkdoc.proc;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The Spark processes of this machine at one moment, classified and linked.
 *
 * @param intervalMs the time between the two samples the CPU % figures come from
 */
public record ProcessTable(Instant takenAt, long intervalMs, List<SparkProcess> processes) {

    public ProcessTable {
        processes = List.copyOf(processes);
    }

    public List<SparkProcess> withRole(SparkRole role) {
        return processes.stream().filter(p -> p.role() == role).toList();
    }

    public Optional<SparkProcess> find(long pid) {
        return processes.stream().filter(p -> p.pid() == pid).findFirst();
    }

    public List<SparkProcess> childrenOf(long pid) {
        return processes.stream().filter(p -> p.process().ppid() == pid).toList();
    }

    /** Python daemons whose JVM is gone: left behind by an executor that died or was killed. */
    public List<SparkProcess> orphanedDaemons() {
        return withRole(SparkRole.PYTHON_DAEMON).stream().filter(d -> d.jvmPid().isEmpty()).toList();
    }
}
