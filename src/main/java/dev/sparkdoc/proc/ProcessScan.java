package dev.sparkdoc.proc;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Successive tables of the Spark processes, each with CPU % measured since the sample before,
 * as {@code top} does. The first call samples twice {@code interval} apart; later calls wait
 * {@code interval} and compare against the previous sample.
 */
public final class ProcessScan {

    /** Long enough for a readable CPU %, short enough to wait for. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(500);

    private final ProcessSampler sampler;
    private final boolean includeRelated;
    private final Map<Long, String> probed = new HashMap<>();
    private ProcessSample previous;

    public ProcessScan(ProcessSampler sampler, boolean includeRelated) {
        this.sampler = sampler;
        this.includeRelated = includeRelated;
    }

    public ProcessTable next(Duration interval, DriverHints hints) throws InterruptedException {
        if (previous == null) {
            previous = sampler.sample();
        }
        Thread.sleep(Math.max(0, interval.toMillis()));
        ProcessSample now = sampler.sample();
        ProcessTable table = SparkProcesses.classify(previous, now, withProbedApps(hints), includeRelated);
        // drivers of unknown app, and with --all any other JVM: a notebook or IDE may host a driver
        List<Long> unknown = table.processes().stream()
                .filter(p -> p.role() == SparkRole.DRIVER && p.appId().isEmpty()
                        || p.role() == SparkRole.RELATED && p.process().executable().equals("java"))
                .map(SparkProcess::pid).filter(pid -> !probed.containsKey(pid)).toList();
        if (!unknown.isEmpty() && !hints.pidByListeningPort().isEmpty()) {
            Map<Long, String> found = DriverUiProbe.appIds(unknown, hints.pidByListeningPort());
            unknown.forEach(pid -> probed.put(pid, found.getOrDefault(pid, "")));
            if (!found.isEmpty()) {
                table = SparkProcesses.classify(previous, now, withProbedApps(hints), includeRelated);
            }
        }
        // a pid that is gone may come back as another process: it is asked about afresh then
        probed.keySet().retainAll(now.byPid().keySet());
        previous = now;
        return table;
    }

    /** Drivers whose UI named their app before (an empty name: asked, no answer; not asked again). */
    private DriverHints withProbedApps(DriverHints hints) {
        Map<Long, String> apps = new HashMap<>();
        probed.forEach((pid, app) -> {
            if (!app.isEmpty()) {
                apps.put(pid, app);
            }
        });
        apps.putAll(hints.appIdByDriverPid());
        return new DriverHints(apps, hints.pidByListeningPort());
    }
}
