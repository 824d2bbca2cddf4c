package dev.sparkdoc.proc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The table grouped as people read it: application → driver / executor JVMs → Python daemon →
 * workers, then Spark's services, then what could not be linked.
 */
public record ProcessGroups(List<AppGroup> applications, List<SparkProcess> services, List<SparkProcess> unlinked,
                            List<SparkProcess> related) {

    /** One application's JVMs on this machine; {@code appId} is empty for a driver of unknown app. */
    public record AppGroup(Optional<String> appId, List<JvmGroup> jvms) {
    }

    /**
     * A driver or executor JVM with the Python processes it started.
     *
     * @param driverPython the PySpark driver's Python process, for drivers: the JVM's parent ({@code python app.py}, the
     *                     pyspark shell) or its child ({@code spark-submit app.py})
     * @param totalRssBytes JVM + Python RSS: what a container limit is measured against
     */
    public record JvmGroup(SparkProcess jvm, List<SparkProcess> driverPython, List<DaemonGroup> daemons,
                           List<SparkProcess> directWorkers, long totalRssBytes, double totalCpuPercent) {

        /**
         * The group as a tree, in the order {@code sparkdoc ps} and the Processes pane draw it: the
         * driver's Python parent ({@code python app.py}) before its JVM, then the JVM, its driver
         * script, each daemon with its workers, and workers started without a daemon.
         */
        public List<TreeRow> tree() {
            List<TreeRow> out = new ArrayList<>();
            List<SparkProcess> parents = driverPython.stream().filter(p -> p.process().ppid() != jvm.pid()).toList();
            parents.forEach(p -> out.add(new TreeRow(p, Place.TOP)));
            out.add(new TreeRow(jvm, parents.isEmpty() ? Place.TOP : Place.UNDER_PYTHON));
            driverPython.stream().filter(p -> !parents.contains(p)).forEach(p -> out.add(new TreeRow(p, Place.CHILD)));
            for (DaemonGroup d : daemons) {
                out.add(new TreeRow(d.daemon(), Place.CHILD));
                d.workers().forEach(w -> out.add(new TreeRow(w, Place.GRANDCHILD)));
            }
            directWorkers.forEach(w -> out.add(new TreeRow(w, Place.CHILD)));
            return out;
        }
    }

    /** Where a process sits in its JVM's tree; each front end draws the branches its own way. */
    public enum Place { TOP, UNDER_PYTHON, CHILD, GRANDCHILD }

    public record TreeRow(SparkProcess process, Place place) {
    }

    public record DaemonGroup(SparkProcess daemon, List<SparkProcess> workers) {
    }

    private static final Set<SparkRole> SERVICES = EnumSet.of(SparkRole.HISTORY_SERVER, SparkRole.STANDALONE_MASTER,
            SparkRole.STANDALONE_WORKER);

    public static ProcessGroups of(ProcessTable table) {
        Map<Optional<String>, List<JvmGroup>> apps = new LinkedHashMap<>();
        List<SparkProcess> jvms = new ArrayList<>(table.withRole(SparkRole.DRIVER));
        jvms.addAll(table.withRole(SparkRole.EXECUTOR).stream().sorted(Comparator.comparing(ProcessGroups::executorOrder)).toList());
        List<Long> placed = new ArrayList<>();
        for (SparkProcess jvm : jvms) {
            JvmGroup g = jvmGroup(table, jvm);
            apps.computeIfAbsent(jvm.appId(), k -> new ArrayList<>()).add(g);
            placed.add(jvm.pid());
            g.driverPython().forEach(p -> placed.add(p.pid()));
            g.directWorkers().forEach(p -> placed.add(p.pid()));
            g.daemons().forEach(d -> {
                placed.add(d.daemon().pid());
                d.workers().forEach(w -> placed.add(w.pid()));
            });
        }
        List<AppGroup> groups = apps.entrySet().stream().map(e -> new AppGroup(e.getKey(), List.copyOf(e.getValue()))).toList();
        List<SparkProcess> services = table.processes().stream().filter(p -> SERVICES.contains(p.role())).toList();
        List<SparkProcess> related = table.withRole(SparkRole.RELATED);
        List<SparkProcess> unlinked = table.processes().stream()
                .filter(p -> !placed.contains(p.pid()) && !SERVICES.contains(p.role()) && p.role() != SparkRole.RELATED)
                .toList();
        return new ProcessGroups(groups, services, unlinked, related);
    }

    private static JvmGroup jvmGroup(ProcessTable table, SparkProcess jvm) {
        // the script's Python is the JVM's parent (python app.py, the pyspark shell) or its child (spark-submit app.py)
        List<SparkProcess> driverPython = new ArrayList<>(table.find(jvm.process().ppid())
                .filter(p -> p.role() == SparkRole.DRIVER_PYTHON).stream().toList());
        table.childrenOf(jvm.pid()).stream().filter(p -> p.role() == SparkRole.DRIVER_PYTHON).forEach(driverPython::add);
        List<DaemonGroup> daemons = new ArrayList<>();
        List<SparkProcess> direct = new ArrayList<>();
        for (SparkProcess child : table.childrenOf(jvm.pid())) {
            if (child.role() == SparkRole.PYTHON_DAEMON) {
                daemons.add(new DaemonGroup(child, table.childrenOf(child.pid()).stream()
                        .filter(w -> w.role() == SparkRole.PYTHON_WORKER).toList()));
            } else if (child.role() == SparkRole.PYTHON_WORKER) {
                direct.add(child);
            }
        }
        List<SparkProcess> all = new ArrayList<>(List.of(jvm));
        all.addAll(driverPython);
        all.addAll(direct);
        daemons.forEach(d -> {
            all.add(d.daemon());
            all.addAll(d.workers());
        });
        long rss = all.stream().mapToLong(p -> p.process().rssOrZero()).sum();
        double cpu = all.stream().mapToDouble(p -> p.cpuPercent().orElse(0)).sum();
        return new JvmGroup(jvm, driverPython, List.copyOf(daemons), List.copyOf(direct), rss, cpu);
    }

    /** Executors by number ("2" before "10"), then by pid. */
    private static String executorOrder(SparkProcess p) {
        String id = p.executorId().orElse("");
        return id.matches("\\d+") ? String.format("%010d", Long.parseLong(id)) : "~" + id + p.pid();
    }
}
