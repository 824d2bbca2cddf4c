package dev.sparkdoc.proc;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * A local process with its Spark role and links.
 *
 * @param cpuPercent  CPU between the two samples, 100 = one core busy (as top shows); empty for
 *                    a process that started between the samples
 * @param appId       the application it serves, when known (executor arguments, the tree, the UI)
 * @param executorId  the executor it is or belongs to ("driver" in local mode)
 * @param jvmPid      for Python processes: the JVM that started them (executor, or driver in local mode)
 * @param daemonPid   for a Python worker: its {@code pyspark.daemon}
 */
public record SparkProcess(ProcessInfo process, SparkRole role, OptionalDouble cpuPercent, Optional<String> appId,
                           Optional<String> executorId, OptionalLong jvmPid, OptionalLong daemonPid,
                           Optional<ExecutorArgs> executorArgs) {

    public long pid() {
        return process.pid();
    }

    public boolean isPython() {
        return role == SparkRole.PYTHON_DAEMON || role == SparkRole.PYTHON_WORKER;
    }

    SparkProcess withApp(Optional<String> app, Optional<String> executor) {
        return new SparkProcess(process, role, cpuPercent, app, executor, jvmPid, daemonPid, executorArgs);
    }
}
