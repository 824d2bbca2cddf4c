package dev.sparkdoc.tui;

import static dev.sparkdoc.tui.LineParts.extra;
import static dev.sparkdoc.tui.LineParts.free;
import static dev.sparkdoc.tui.LineParts.key;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.ExecutorCounts;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.tui.LineParts.Part;
import java.util.ArrayList;
import java.util.List;

/**
 * The three header rows: which application, how it is doing, and how fresh the picture is.
 * When the driver stops answering the last picture stays, and the header says so. At 80 columns
 * the key parts of each row stay whole (state, uptime, id; counts; since when): names and messages
 * are what is cut.
 */
final class HeaderView {

    private HeaderView() {
    }

    /** Decoration: left out first when the line is too long for 80 columns. */
    private static final String BRAND = "sparkdoc │ ";

    static void render(UiState s, Frame f) {
        f.fill(0, 0, f.width(), ' ', Tone.TITLE);
        if (s.diagnosis().isEmpty()) {
            f.parts(1, 0, Tone.TITLE, List.of(extra(BRAND), free(s.poll().target())));
            f.parts(0, 1, Tone.NORMAL, pollParts(s));
            waiting(s, f);
            return;
        }
        AppSnapshot snap = s.diagnosis().get().snapshot();
        f.parts(1, 0, Tone.TITLE, titleParts(s, snap));
        List<Part> status = new ArrayList<>(countsParts(s, snap));
        status.add(key(" │ "));
        status.addAll(pollParts(s));
        f.parts(0, 1, Tone.NORMAL, status);
        alertOrVerdict(s, s.diagnosis().get(), f);
    }

    /** State, uptime and the application's id stay whole at any width; its name is what gets cut. */
    private static List<Part> titleParts(UiState s, AppSnapshot snap) {
        var app = snap.application();
        return List.of(extra(BRAND), key(state(s, snap) + " │ Spark " + app.sparkVersion().orElse("?") + " │ up "
                + DurationFormat.compact(app.durationMs(AppTime.now(s, snap))) + " │ "), free(app.name()), key(" (" + app.id() + ")"));
    }

    /**
     * What the application is doing, as far as the last answer tells: a driver that stopped
     * answering is not shown as RUNNING (it may have died); ENDED once its event log has the
     * name Spark gives it when the application stopped ({@link dev.sparkdoc.source.EndedLog}).
     */
    static String state(UiState s, AppSnapshot snap) {
        PollStatus p = s.poll();
        if (snap.application().completed()) {
            return "COMPLETED";
        }
        if (p.still()) {
            return "INCOMPLETE";
        }
        if (p.failing()) {
            // sparkdoc's own error says nothing about the driver: the picture is old, that is all
            return p.endedLog().isPresent() ? "ENDED" : p.headline().filter(Poller.INTERNAL_ERROR::equals).isPresent()
                    ? "STALE" : "UNREACHABLE";
        }
        return "RUNNING";
    }


    /**
     * Executors alive and dead, jobs and stages running; the word "running" goes when room is
     * short. While reads fail these are the last answer's counts, and say so.
     */
    static List<Part> countsParts(UiState s, AppSnapshot snap) {
        List<Part> counts = countsParts(snap);
        if (!s.poll().failing()) {
            return counts;
        }
        List<Part> out = new ArrayList<>();
        out.add(key("last known: "));
        out.addAll(counts);
        return out;
    }

    static List<Part> countsParts(AppSnapshot snap) {
        ExecutorCounts c = ExecutorCounts.of(snap);
        // local mode: the driver is the only executor (SPARK-NOTES "Processes")
        long alive = c.local() || c.added() == 0 ? snap.executors().stream().filter(Executor::active).count() : c.alive();
        long dead = c.local() || c.added() == 0 ? snap.executors().size() - alive : c.removed();
        long jobs = snap.jobs().stream().filter(j -> j.status() == JobStatus.RUNNING).count();
        long stages = snap.stages().stream().filter(st -> st.status() == StageStatus.ACTIVE).count();
        return List.of(key("executors " + alive + " alive " + dead + " dead │ " + jobs + (jobs == 1 ? " job " : " jobs ")
                + stages + (stages == 1 ? " stage" : " stages")), extra(" running"));
    }

    /** How fresh the picture is; why the pace is slower and when a still picture was read are details that may go. */
    static List<Part> pollParts(UiState s) {
        PollStatus p = s.poll();
        if (p.still()) {
            return List.of(key("still picture"), extra(p.lastUpdate().map(t -> ", read " + Fmt.clock(t)).orElse("")));
        }
        String every = DurationFormat.compact(p.effective().toMillis());
        String set = DurationFormat.compact(p.interval().toMillis());
        // the back-off's pace can differ from the set one by a rounding, or be shorter: neither is "slowed"
        String slowed = p.effective().compareTo(p.interval()) > 0 && !every.equals(set) ? " (slowed from " + set + ")" : "";
        String updated = p.lastUpdate().map(t -> ", " + Fmt.age(t, s.now()) + " ago").orElse(", connecting…");
        return List.of(key((p.paused() ? "PAUSED │ " : "") + "every " + every), extra(slowed),
                key(updated));
    }

    private static void waiting(UiState s, Frame f) {
        PollStatus p = s.poll();
        if (p.failing()) {
            f.parts(0, 2, Tone.ALERT, List.of(key("cannot read "), free(p.target()), free(": " + p.error().orElse("")),
                    key(" │ retrying every " + DurationFormat.compact(p.effective().toMillis()))));
        } else {
            f.parts(0, 2, Tone.DIM, List.of(key("reading "), free(p.target()), key(" …")));
        }
    }

    private static void alertOrVerdict(UiState s, Diagnosis d, Frame f) {
        PollStatus p = s.poll();
        if (p.failing()) {
            // what is wrong and since when; the retry pace is on the row above ("every 8s (slowed
            // from 2s)"), the details and the fix on the footer row
            f.parts(0, 2, Tone.ALERT, List.of(free(p.headline().orElse(SourceFault.UNREACHABLE.headline())),
                    key(" since " + Fmt.clock(p.failingSince().get()) + " (" + Fmt.age(p.failingSince().get(), s.now())
                            + "); last picture from " + p.lastUpdate().map(Fmt::clock).orElse("?") + " kept")));
            return;
        }
        Severity worst = d.worst();
        long critical = d.findings().stream().filter(x -> x.severity() == Severity.CRITICAL).count();
        long warning = d.findings().stream().filter(x -> x.severity() == Severity.WARNING).count();
        long info = d.findings().stream().filter(x -> x.severity() == Severity.INFO).count();
        if (!worst.atLeast(Severity.WARNING)) {
            f.text(0, 2, critical + " critical, " + warning + " warning, " + info + " info │ nothing at warning or above", Tone.GOOD);
            return;
        }
        // the worst finding's title is the headline: its main claim with its figures ("took 6.4 s
        // against a 270 ms median") matters more than the counts (the tab says how many there
        // are), which give way when both do not fit
        List<String> counts = new ArrayList<>();
        if (critical > 0) {
            counts.add(critical + " critical");
        }
        if (warning > 0) {
            counts.add(warning + " warning");
        }
        if (info > 0) {
            counts.add(info + " info");
        }
        Finding lead = d.atLeast(Severity.WARNING).get(0);
        String title = lead.title();
        String prefix = String.join(", ", counts) + " │ ";
        boolean room = SafeText.width(f.glyphs().line(prefix + mainClaim(title))) <= f.width();
        // the tone of the finding named, as the triage headline's level: a warning's title is not shown as critical
        f.parts(0, 2, Views.severityTone(lead.severity()), room ? List.of(key(prefix), LineParts.sentence(title))
                : List.of(LineParts.sentence(title)));
    }

    /** A title up to the end of its first clause after the subject: "Data skew in stage 4: the slowest … median". */
    static String mainClaim(String title) {
        int subject = title.indexOf(": ");
        int end = title.indexOf(", ", subject < 0 ? 0 : subject);
        return end < 0 ? title : title.substring(0, end);
    }
}
