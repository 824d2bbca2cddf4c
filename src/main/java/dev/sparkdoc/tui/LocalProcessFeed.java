package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.DriverFinder;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.LocalProcesses;
import dev.sparkdoc.proc.ProcessSampler;
import dev.sparkdoc.proc.ProcessScan;
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
            return new LocalProcessFeed(new ProcessScan(ProcessSampler.forThisMachine(), false),
                    appId -> LocalProcesses.hints(target, Optional.of(appId)));
        }
        ProcessPaneRows why = ProcessPaneRows.unavailable(target instanceof Target.Http || target instanceof Target.HostScan
                ? "the driver runs on another host: see executors' peak JVM/Python RSS (Executors pane)"
                : "no live processes behind an event log or snapshot");
        return snapshot -> why;
    }

    @Override
    public synchronized ProcessPaneRows sample(AppSnapshot snapshot) {
        String appId = snapshot.application().id();
        dev.sparkdoc.proc.ProcessTable table;
        try {
            // The poller's interval separates the samples; a short wait only on the first one.
            table = scan.next(Duration.ofMillis(history.isEmpty() ? 300 : 0), hints.apply(appId));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ProcessPaneRows.unavailable("interrupted");
        }
        List<ProcessRow> rows = new ArrayList<>();
        for (SparkProcess p : table.processes()) {
            // a driver killed under a parent that has not reaped it yet stays in /proc as a zombie
            if (!p.appId().map(appId::equals).orElse(false) || p.process().exited()) {
                continue;
            }
            double cpu = p.cpuPercent().orElse(0);
            Deque<Double> h = history.computeIfAbsent(p.pid(), k -> new ArrayDeque<>());
            h.addLast(cpu);
            while (h.size() > HISTORY) {
                h.removeFirst();
            }
            rows.add(new ProcessRow(p.pid(), p.role().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '),
                    p.executorId(), cpu, p.process().rssBytes(), p.process().threads(),
                    String.join(" ", p.process().command()), List.copyOf(h)));
        }
        history.keySet().retainAll(rows.stream().map(ProcessRow::pid).toList());
        return rows.isEmpty() ? ProcessPaneRows.unavailable("no local processes of " + appId + " found") : ProcessPaneRows.of(rows);
    }
}
