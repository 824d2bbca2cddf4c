package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.CommandSummary;
import dev.sparkdoc.proc.DriverFinder;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.LocalProcesses;
import dev.sparkdoc.proc.ProcessSampler;
import dev.sparkdoc.proc.ProcessGroups;
import dev.sparkdoc.proc.ProcessScan;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.proc.SparkProcess;
import dev.sparkdoc.targets.Target;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The processes pane fed by {@code sparkdoc ps}'s sampler: this application's driver, executors,
 * daemons and Python workers on this machine, each with a short CPU history. Only for a driver
 * UI on this host; elsewhere the pane says why it is empty. A process that ended is not listed
 * (nor its history kept), also when its parent has not collected it yet.
 */
public final class LocalProcessFeed implements ProcessFeed {

    private static final int HISTORY = 20;

    private final ProcessScan scan;
    /** What else tells this application's driver apart, by app id: the process behind the attached port. */
    private final Function<String, DriverHints> hints;
    private final Map<Long, Deque<Double>> history = new HashMap<>();

    LocalProcessFeed(ProcessScan scan, Function<String, DriverHints> hints) {
        this.scan = scan;
        this.hints = hints;
    }

    /** A feed for the target, or one that explains why there is no local process view. */
    public static ProcessFeed forTarget(Target target) {
        if (target instanceof Target.Http http && http.baseUrl().getHost() != null
                && DriverFinder.isThisMachine(http.baseUrl().getHost())) {
            return new DriverJvmFeed(new LocalProcessFeed(new ProcessScan(ProcessSampler.forThisMachine(), false),
                    appId -> LocalProcesses.hints(target, Optional.of(appId))), HeapAccess.JCMD);
        }
        boolean remote = target instanceof Target.Http || target instanceof Target.HostScan;
        ProcessPaneRows why = ProcessPaneRows.unavailable(remote
                ? "the driver runs on another host: see executors' peak JVM/Python RSS (Executors pane)"
                : "no live processes behind an event log or snapshot").withDriverJvm(DriverJvm.none(remote
                ? "the driver runs on another host: run 'sparkdoc driver heap' on that host, as the driver's user"
                : "this is a recording: there is no running driver JVM to read"));
        return snapshot -> why;
    }

    /** A process of the application and how deep it sits: JVMs at the top, their Python processes under them. */
    private record Placed(SparkProcess process, String prefix) {
    }

    /**
     * The application's processes as {@code sparkdoc ps} draws them: a driver's Python parent
     * ({@code python app.py}) before its JVM, then each JVM with its driver script, daemon and
     * workers under it; anything of the app not linked to a JVM last.
     */
    static List<Placed> inTreeOrder(ProcessTable table, String appId) {
        List<Placed> out = new ArrayList<>();
        ProcessGroups groups = ProcessGroups.of(table);
        for (ProcessGroups.AppGroup app : groups.applications()) {
            if (!app.appId().map(appId::equals).orElse(false)) {
                continue;
            }
            for (ProcessGroups.JvmGroup g : app.jvms()) {
                for (ProcessGroups.TreeRow t : g.tree()) {
                    // the pane's role column is narrow: one column per level
                    String branch = switch (t.place()) {
                        case TOP -> "";
                        case UNDER_PYTHON, CHILD -> "└ ";
                        case GRANDCHILD -> " └ ";
                    };
                    out.add(new Placed(t.process(), branch));
                }
            }
        }
        List<Long> placed = out.stream().map(p -> p.process().pid()).toList();
        table.processes().stream().filter(p -> p.appId().map(appId::equals).orElse(false) && !placed.contains(p.pid()))
                .forEach(p -> out.add(new Placed(p, "")));
        return out;
    }

    private static String role(SparkProcess p) {
        return switch (p.role()) {
            case PYTHON_DAEMON -> "pyspark.daemon";
            default -> p.role().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        };
    }

    @Override
    public synchronized ProcessPaneRows sample(AppSnapshot snapshot) {
        String appId = snapshot.application().id();
        ProcessTable table;
        try {
            // The poller's interval separates the samples; a short wait only on the first one.
            table = scan.next(Duration.ofMillis(history.isEmpty() ? 300 : 0), hints.apply(appId));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ProcessPaneRows.unavailable("interrupted");
        }
        List<ProcessRow> rows = new ArrayList<>();
        for (Placed placed : inTreeOrder(table, appId)) {
            SparkProcess p = placed.process();
            // a driver killed under a parent that has not reaped it yet stays in /proc as a zombie
            if (p.process().exited()) {
                continue;
            }
            Deque<Double> h = history.computeIfAbsent(p.pid(), k -> new ArrayDeque<>());
            h.addLast(p.cpuPercent().orElse(0));
            while (h.size() > HISTORY) {
                h.removeFirst();
            }
            rows.add(new ProcessRow(p.pid(), placed.prefix() + role(p), p.executorId(), p.cpuPercent(), p.process().rssBytes(),
                    p.process().threads(), CommandSummary.of(p.process()), List.copyOf(h)));
        }
        history.keySet().retainAll(rows.stream().map(ProcessRow::pid).toList());
        return (rows.isEmpty() ? ProcessPaneRows.unavailable("no local processes of " + appId + " found") : ProcessPaneRows.of(rows))
                .withTable(table);
    }
}
