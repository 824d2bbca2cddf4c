package dev.sparkdoc.proc;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Classifies and links the processes of two samples: command lines first, then the tree, since
 * PySpark workers are forked from {@code pyspark.daemon} and keep its command line (only their
 * parent tells them apart), the daemon's parent is the executor JVM (the driver JVM in local
 * mode), and a PySpark driver's Python process is the parent of the driver JVM (its child under
 * {@code spark-submit app.py}).
 */
public final class SparkProcesses {

    private static final Set<SparkRole> JVMS = EnumSet.of(SparkRole.EXECUTOR, SparkRole.DRIVER);

    private final Map<Long, ProcessInfo> byPid;
    private final Map<Long, SparkRole> roles = new HashMap<>();
    private final DriverHints hints;
    /** The pid of this sparkdoc, which never lists itself. */
    private final long self;

    private SparkProcesses(ProcessSample sample, DriverHints hints, long self) {
        this.byPid = sample.byPid();
        this.hints = hints;
        this.self = self;
    }

    public static ProcessTable classify(ProcessSample before, ProcessSample after, DriverHints hints, boolean includeRelated) {
        return classify(before, after, hints, includeRelated, ProcessHandle.current().pid());
    }

    static ProcessTable classify(ProcessSample before, ProcessSample after, DriverHints hints, boolean includeRelated, long self) {
        SparkProcesses s = new SparkProcesses(after, hints, self);
        s.assignRoles(includeRelated);
        Map<Long, ProcessInfo> previous = before.byPid();
        long wall = after.nanoTime() - before.nanoTime();
        List<SparkProcess> out = new ArrayList<>();
        for (ProcessInfo p : after.processes()) {
            SparkRole role = s.roles.get(p.pid());
            if (role != null) {
                out.add(s.link(p, role, CpuUsage.percent(previous, wall, p)));
            }
        }
        out = s.inheritApps(out);
        return new ProcessTable(after.takenAt(), Math.round(wall / 1e6), out);
    }

    private void assignRoles(boolean includeRelated) {
        Set<Long> tools = byPid.values().stream().filter(this::isSparkdoc).map(ProcessInfo::pid).collect(Collectors.toSet());
        byPid.values().stream().filter(p -> !tools.contains(p.pid()))
                .forEach(p -> RoleClassifier.classify(p.command()).ifPresent(r -> roles.put(p.pid(), r)));
        // a Spark UI is served by the driver JVM only: whatever else listens on the attached port
        // (ssh -L, kubectl port-forward, a Python proxy) forwards to the driver and is not it
        hints.appIdByDriverPid().keySet().stream().map(byPid::get).filter(p -> p != null && RoleClassifier.isJava(p.command()))
                .forEach(p -> roles.put(p.pid(), SparkRole.DRIVER));
        for (ProcessInfo p : byPid.values()) {
            SparkRole parent = roles.get(p.ppid());
            if (parent == SparkRole.PYTHON_DAEMON) {
                roles.put(p.pid(), SparkRole.PYTHON_WORKER);
            }
        }
        for (ProcessInfo p : byPid.values()) {
            SparkRole role = roles.get(p.pid());
            ProcessInfo parent = byPid.get(p.ppid());
            if ((role == SparkRole.DRIVER || role == SparkRole.SUBMITTER) && parent != null
                    && RoleClassifier.isPython(parent.command()) && !roles.containsKey(parent.pid())) {
                roles.put(parent.pid(), SparkRole.DRIVER_PYTHON);
            }
        }
        // spark-submit app.py turns it round: the driver JVM starts the script as its child
        for (ProcessInfo p : byPid.values()) {
            ProcessInfo parent = byPid.get(p.ppid());
            if (!roles.containsKey(p.pid()) && parent != null && roles.get(parent.pid()) == SparkRole.DRIVER
                    && RoleClassifier.isPython(p.command()) && RoleClassifier.runsSubmittedScript(p.command(), parent.command())) {
                roles.put(p.pid(), SparkRole.DRIVER_PYTHON);
            }
        }
        if (includeRelated) {
            byPid.values().stream()
                    .filter(p -> !tools.contains(p.pid()) && !roles.containsKey(p.pid()))
                    .filter(p -> !p.command().isEmpty() && (RoleClassifier.isJava(p.command()) || RoleClassifier.isPython(p.command())))
                    .forEach(p -> roles.put(p.pid(), SparkRole.RELATED));
        }
    }

    /**
     * This process and any other sparkdoc (an {@code attach} in another terminal) are tools, not
     * Spark, even with spark-core on their classpath; only a JVM that serves the attached UI port
     * (a Spark driver running in the same JVM, as in a test) is a driver all the same.
     */
    private boolean isSparkdoc(ProcessInfo p) {
        return !hints.appIdByDriverPid().containsKey(p.pid())
                && (p.pid() == self || RoleClassifier.isSparkdoc(p.command()));
    }

    private SparkProcess link(ProcessInfo p, SparkRole role, OptionalDouble cpu) {
        OptionalLong jvm = OptionalLong.empty();
        OptionalLong daemon = OptionalLong.empty();
        Optional<ExecutorArgs> args = Optional.empty();
        Optional<String> app = Optional.empty();
        Optional<String> executor = Optional.empty();
        switch (role) {
            case EXECUTOR -> {
                args = Optional.of(ExecutorArgs.parse(p.command()));
                app = args.get().appId();
                executor = args.get().executorId();
            }
            case DRIVER -> {
                app = Optional.ofNullable(hints.appIdByDriverPid().get(p.pid()));
                // in local mode the driver is the only executor, and Spark calls it "driver"
                executor = Optional.of("driver");
            }
            case PYTHON_DAEMON, DRIVER_PYTHON -> jvm = jvmParent(p.ppid());
            case PYTHON_WORKER -> {
                if (roles.get(p.ppid()) == SparkRole.PYTHON_DAEMON) {
                    daemon = OptionalLong.of(p.ppid());
                    ProcessInfo d = byPid.get(p.ppid());
                    jvm = d == null ? OptionalLong.empty() : jvmParent(d.ppid());
                } else {
                    jvm = jvmParent(p.ppid());
                }
            }
            default -> {
            }
        }
        return new SparkProcess(p, role, cpu, app, executor, jvm, daemon, args);
    }

    private OptionalLong jvmParent(long ppid) {
        return JVMS.contains(roles.get(ppid)) ? OptionalLong.of(ppid) : OptionalLong.empty();
    }

    /**
     * Apps flow along the links: a driver learns its app from a local executor whose
     * {@code --driver-url} port it listens on; Python processes take their JVM's app and executor,
     * a driver's Python process its JVM child's app.
     */
    private List<SparkProcess> inheritApps(List<SparkProcess> in) {
        Map<Long, String> driverApps = new HashMap<>(hints.appIdByDriverPid());
        for (SparkProcess e : in) {
            if (e.role() == SparkRole.EXECUTOR && e.appId().isPresent()) {
                e.executorArgs().flatMap(a -> a.driverPort().isPresent()
                                ? Optional.ofNullable(hints.pidByListeningPort().get(a.driverPort().getAsInt())) : Optional.empty())
                        .ifPresent(driver -> driverApps.putIfAbsent(driver, e.appId().get()));
            }
        }
        Map<Long, SparkProcess> jvms = new HashMap<>();
        List<SparkProcess> step = new ArrayList<>();
        for (SparkProcess p : in) {
            SparkProcess q = p.role() == SparkRole.DRIVER ? p.withApp(Optional.ofNullable(driverApps.get(p.pid())), p.executorId()) : p;
            step.add(q);
            if (JVMS.contains(q.role())) {
                jvms.put(q.pid(), q);
            }
        }
        List<SparkProcess> out = new ArrayList<>();
        for (SparkProcess p : step) {
            if (p.jvmPid().isPresent() && jvms.containsKey(p.jvmPid().getAsLong())) {
                SparkProcess jvm = jvms.get(p.jvmPid().getAsLong());
                out.add(p.withApp(jvm.appId(), jvm.executorId()));
            } else if (p.role() == SparkRole.DRIVER_PYTHON) {
                Optional<SparkProcess> child = step.stream().filter(c -> c.process().ppid() == p.pid() && c.role() == SparkRole.DRIVER).findFirst();
                out.add(p.withApp(child.flatMap(SparkProcess::appId), Optional.of("driver")));
            } else {
                out.add(p);
            }
        }
        return out;
    }
}
