package dev.sparkdoc.proc;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The arguments Spark's scheduler backends pass to an executor JVM
 * ({@code CoarseGrainedExecutorBackend.parseArguments}): who it is and whom it serves.
 */
public record ExecutorArgs(Optional<String> executorId, Optional<String> appId, Optional<String> hostname,
                           OptionalInt cores, Optional<String> driverUrl) {

    public static ExecutorArgs parse(List<String> argv) {
        return new ExecutorArgs(value(argv, "--executor-id"), value(argv, "--app-id"), value(argv, "--hostname"),
                value(argv, "--cores").map(ExecutorArgs::toInt).filter(n -> n >= 0)
                        .map(OptionalInt::of).orElse(OptionalInt.empty()),
                value(argv, "--driver-url"));
    }

    /** The driver's RPC port from {@code spark://CoarseGrainedScheduler@host:port}. */
    public OptionalInt driverPort() {
        return driverUrl.map(url -> toInt(url.substring(url.lastIndexOf(':') + 1)))
                .filter(p -> p > 0).map(OptionalInt::of).orElse(OptionalInt.empty());
    }

    static Optional<String> value(List<String> argv, String option) {
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals(option) && i + 1 < argv.size()) {
                return Optional.of(argv.get(i + 1));
            }
            if (a.startsWith(option + "=")) {
                return Optional.of(a.substring(option.length() + 1));
            }
        }
        return Optional.empty();
    }

    private static int toInt(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
