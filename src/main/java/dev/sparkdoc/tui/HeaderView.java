package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.rest.RestFault;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The three header rows: which application, how it is doing, and how fresh the picture is.
 * When the driver stops answering the last picture stays, and the header says so.
 */
final class HeaderView {

    private HeaderView() {
    }

    static void render(UiState s, Frame f) {
        f.fill(0, 0, f.width(), ' ', Tone.TITLE);
        if (s.diagnosis().isEmpty()) {
            f.text(0, 0, " sparkdoc │ " + s.poll().target(), Tone.TITLE);
            f.text(0, 1, pollText(s), Tone.NORMAL);
            waiting(s, f);
            return;
        }
        AppSnapshot snap = s.diagnosis().get().snapshot();
        f.text(0, 0, titleText(s, snap), Tone.TITLE);
        f.text(0, 1, countsText(snap) + " │ " + pollText(s), Tone.NORMAL);
        alertOrVerdict(s, s.diagnosis().get(), f);
    }

    private static String titleText(UiState s, AppSnapshot snap) {
        var app = snap.application();
        Instant now = s.poll().still() || app.completed() ? snap.takenAt() : driverNow(s, snap);
        String state = app.completed() ? "COMPLETED" : s.poll().still() ? "INCOMPLETE" : "RUNNING";
        // the name last: it is the part that may be cut at 80 columns
        return " sparkdoc │ " + state + " │ Spark " + app.sparkVersion().orElse("?") + " │ up "
                + Fmt.ms(app.durationMs(now)) + " │ " + app.name() + " (" + app.id() + ")";
    }

    /**
     * The driver's "now": the snapshot is stamped on the driver's clock (RestSource reads it from
     * the HTTP Date header), so run times add the local time passed since it arrived to that
     * stamp, never local now − a driver timestamp (a skewed driver clock would show negative or
     * inflated run times).
     */
    static Instant driverNow(UiState s, AppSnapshot snap) {
        Duration since = s.poll().lastUpdate().map(t -> Duration.between(t, s.now())).orElse(Duration.ZERO);
        return snap.takenAt().plus(since.isNegative() ? Duration.ZERO : since);
    }

    static String countsText(AppSnapshot snap) {
        List<Executor> workers = snap.executors().stream().filter(e -> !e.isDriver()).toList();
        // local mode: the driver is the only executor (SPARK-NOTES "Processes")
        List<Executor> counted = workers.isEmpty() ? snap.executors() : workers;
        long alive = counted.stream().filter(Executor::active).count();
        long dead = counted.size() - alive;
        long jobs = snap.jobs().stream().filter(j -> j.status() == JobStatus.RUNNING).count();
        long stages = snap.stages().stream().filter(st -> st.status() == StageStatus.ACTIVE).count();
        return "executors " + alive + " alive " + dead + " dead │ " + jobs + (jobs == 1 ? " job " : " jobs ") + stages
                + (stages == 1 ? " stage" : " stages") + " running";
    }

    static String pollText(UiState s) {
        PollStatus p = s.poll();
        if (p.still()) {
            return "still picture" + p.lastUpdate().map(t -> ", read " + Fmt.clock(t)).orElse("");
        }
        String every = "every " + Fmt.ms(p.effective().toMillis())
                + (p.effective().equals(p.interval()) ? "" : " (slowed from " + Fmt.ms(p.interval().toMillis()) + ")");
        String updated = p.lastUpdate().map(t -> ", " + Fmt.age(t, s.now()) + " ago").orElse(", connecting…");
        return (p.paused() ? "PAUSED │ " : "") + every + updated;
    }

    private static void waiting(UiState s, Frame f) {
        PollStatus p = s.poll();
        if (p.failing()) {
            f.text(0, 2, "cannot read " + p.target() + ": " + p.error().orElse("") + " │ retrying every "
                    + Fmt.ms(p.effective().toMillis()), Tone.ALERT);
        } else {
            f.text(0, 2, "reading " + p.target() + " …", Tone.DIM);
        }
    }

    private static void alertOrVerdict(UiState s, Diagnosis d, Frame f) {
        PollStatus p = s.poll();
        if (p.failing()) {
            // what is wrong and since when; the retry pace is on the row above ("every 8s (slowed
            // from 2s)"), the details and the fix on the footer row
            f.text(0, 2, p.headline().orElse(RestFault.Kind.UNREACHABLE.headline()) + " since " + Fmt.clock(p.failingSince().get()) + " ("
                    + Fmt.age(p.failingSince().get(), s.now()) + "); last picture from "
                    + p.lastUpdate().map(Fmt::clock).orElse("?") + " kept", Tone.ALERT);
            return;
        }
        Severity worst = d.worst();
        long critical = d.findings().stream().filter(x -> x.severity() == Severity.CRITICAL).count();
        long warning = d.findings().stream().filter(x -> x.severity() == Severity.WARNING).count();
        long info = d.findings().stream().filter(x -> x.severity() == Severity.INFO).count();
        String counts = critical + " critical, " + warning + " warning, " + info + " info";
        if (!worst.atLeast(Severity.WARNING)) {
            f.text(0, 2, counts + " │ nothing at warning or above", Tone.GOOD);
            return;
        }
        String top = d.atLeast(Severity.WARNING).get(0).title();
        f.text(0, 2, counts + " │ " + top, Views.severityTone(worst));
    }
}
