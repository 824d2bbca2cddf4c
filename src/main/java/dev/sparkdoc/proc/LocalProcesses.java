package dev.sparkdoc.proc;

import dev.sparkdoc.targets.Target;
import java.util.Optional;

/**
 * The local process view of an application that runs on this machine, for the rules: taken
 * only when the target is a driver UI on this host (a log or a remote driver has no local
 * processes worth sampling).
 */
public final class LocalProcesses {

    private LocalProcesses() {
    }

    /** Hints for the classifier: the process listening on the target's port is the driver of {@code appId}. */
    public static DriverHints hints(Target target, Optional<String> appId) {
        if (appId.isPresent() && target instanceof Target.Http http) {
            int port = http.baseUrl().getPort() > 0 ? http.baseUrl().getPort()
                    : "https".equals(http.baseUrl().getScheme()) ? 443 : 80;
            return DriverFinder.hints(Optional.ofNullable(http.baseUrl().getHost()), port, appId);
        }
        return DriverFinder.hints(Optional.empty(), 0, Optional.empty());
    }

    /** Two samples half a second apart (for CPU %), when the target's driver runs here; else empty. */
    public static Optional<ProcessTable> sample(Target target, String appId) {
        if (!(target instanceof Target.Http http) || http.baseUrl().getHost() == null
                || !DriverFinder.isThisMachine(http.baseUrl().getHost())) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ProcessScan(ProcessSampler.forThisMachine(), false)
                    .next(ProcessScan.DEFAULT_INTERVAL, hints(target, Optional.of(appId))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
