package dev.sparkdoc.signals;

import dev.sparkdoc.explain.JvmDeath;
import dev.sparkdoc.explain.JvmDeaths;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.model.SourceKind;
import java.time.Duration;
import java.util.Optional;

/**
 * Crashed or still running, for an event log without ApplicationEnd, decided from evidence only:
 * a JVM death in the driver log, or a log nobody has written for {@link #QUIET_FOR_A_CRASH}.
 * Without either the application may be running (a long task or an idle notebook writes no
 * event), so it is never called crashed, nor running, on a guess.
 */
public record PostMortem(Verdict verdict, Optional<JvmDeath> death, Optional<Duration> quiet) {

    /** Spark writes an event at every task end and stage change; half an hour of silence is a dead driver or an idle one. */
    public static final Duration QUIET_FOR_A_CRASH = Duration.ofMinutes(30);

    /** CUT: a log with its finished name and no ApplicationEnd, cut or copied incomplete after the app stopped. */
    public enum Verdict { COMPLETE, LIVE, CRASHED, UNDECIDED, CUT }

    /** Read from an event log file, or from a snapshot saved from one. */
    static boolean fromEventLog(AppSnapshot s) {
        return s.source().kind() == SourceKind.EVENTLOG
                || s.source().kind() == SourceKind.SNAPSHOT && s.source().notes().stream().anyMatch(n -> n.startsWith("saved from eventlog"));
    }

    public static PostMortem of(AppSnapshot s, Optional<DriverLog> driverLog) {
        Optional<JvmDeath> death = driverLog.flatMap(log -> JvmDeaths.telling(JvmDeaths.find(log.lines())));
        Optional<Duration> quiet = s.source().quietBeforeRead();
        if (s.application().completed()) {
            return new PostMortem(Verdict.COMPLETE, death, quiet);
        }
        if (!fromEventLog(s)) {
            return new PostMortem(Verdict.LIVE, death, quiet);
        }
        if (death.isEmpty() && s.source().finishedName()) {
            // Spark posts ApplicationEnd before it renames the log: the driver stopped it, and someone cut it later
            return new PostMortem(Verdict.CUT, death, quiet);
        }
        boolean crashed = death.isPresent() || quiet.map(q -> q.compareTo(QUIET_FOR_A_CRASH) >= 0).orElse(false);
        return new PostMortem(crashed ? Verdict.CRASHED : Verdict.UNDECIDED, death, quiet);
    }
}
