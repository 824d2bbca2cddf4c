package dev.sparkdoc.rules;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.signals.TimeSignals;
import java.util.List;
import java.util.Optional;

/**
 * The floor under which a measured cost is not worth a warning: a finding that loses less than
 * {@value #ABSOLUTE_SECONDS} s and less than {@value #SHARE_OF_WALL} of the application's wall
 * time is {@code info}, whatever its family. Both must hold: 4 s of a ten-minute run is noise
 * (run-to-run variation of a Spark application is several per cent, and a person does not
 * notice 5 s on a batch job), while 4 s of a 20 s run is a fifth of it and worth fixing; 10 s
 * of a ten-hour run is under 2 % but is a cost a person sees.
 *
 * <p>Never demoted: a failure that ended its stage, job, query or application ({@link
 * Finding#fatal}); a finding whose cost is not measured (a memory limit, a setting: its 0 s
 * means "not known"); a finding whose part of the time account was not measured (the source had
 * no task metrics: its seconds are the rule's own estimate, unchecked); and a finding on a scope
 * still running ({@link Finding#open}: its seconds so far are not what is at stake).
 */
final class FewSeconds {

    static final double ABSOLUTE_SECONDS = 5;
    static final double SHARE_OF_WALL = 0.02;

    private FewSeconds() {
    }

    /**
     * @param wallSeconds the application's wall time, when known; without it only the absolute floor holds
     * @param app         the application's facts: which parts of its account were measured
     */
    static List<Finding> demote(List<Finding> findings, Optional<Double> wallSeconds, Optional<ScopeFacts> app) {
        return findings.stream().map(f -> isFew(f, wallSeconds) && partMeasured(f, app) ? f.withSeverity(Severity.INFO) : f).toList();
    }

    /** True unless the finding's part is one the account could not measure (its fact is then absent). */
    static boolean partMeasured(Finding f, Optional<ScopeFacts> app) {
        return f.part().flatMap(TimeSignals::part).map(p -> app.map(a -> a.value(p).isPresent()).orElse(false)).orElse(true);
    }

    static boolean isFew(Finding f, Optional<Double> wallSeconds) {
        if (f.fatal() || f.open() || !f.costMeasured() || !f.severity().atLeast(Severity.WARNING)) {
            return false;
        }
        double relative = wallSeconds.map(w -> w * SHARE_OF_WALL).orElse(ABSOLUTE_SECONDS);
        return f.secondsLost() < ABSOLUTE_SECONDS && f.secondsLost() < relative;
    }
}
