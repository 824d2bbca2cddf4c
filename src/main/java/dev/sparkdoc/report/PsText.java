package dev.sparkdoc.report;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.proc.CommandSummary;
import dev.sparkdoc.proc.ProcessGroups.AppGroup;
import dev.sparkdoc.proc.ProcessGroups.JvmGroup;
import dev.sparkdoc.proc.ProcessGroups.TreeRow;
import dev.sparkdoc.proc.SparkProcess;
import dev.sparkdoc.proc.SparkReportedMemory;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code sparkdoc ps} for people: one block per application, JVMs with their Python daemon and
 * workers as a tree, a total per JVM (what a container limit counts), then Spark's own view.
 */
public final class PsText {

    private static final String ROW = "%7s  %-22s %6s %7s %4s %7s  ";
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private PsText() {
    }

    public static List<String> lines(PsReport r, Theme theme, int width) {
        List<String> out = new ArrayList<>();
        int w = Math.max(60, width);
        out.add(theme.bold("sparkdoc ps") + theme.dim(" · " + r.host() + " · "
                + CLOCK.format(LocalDateTime.ofInstant(r.table().takenAt(), ZoneId.systemDefault()))
                + " · CPU over " + PsFormat.percent(r.table().intervalMs() / 1000.0).replace(".0", "") + " s · "
                + r.table().processes().size() + " process(es)"));
        if (r.table().processes().isEmpty()) {
            out.add("No Spark processes on this machine" + (r.spark().isPresent() ? " (the application runs elsewhere)." : "."));
        } else {
            out.add(theme.bold(String.format(Locale.ROOT, ROW, "PID", "ROLE", "CPU%", "RSS", "THR", "AGE") + "COMMAND"));
        }
        for (AppGroup app : r.groups().applications()) {
            out.add(theme.bold("application " + app.appId().orElse("(unknown: pass the driver's host:port as TARGET)")));
            app.jvms().forEach(j -> jvm(r, j, theme, w, out));
        }
        section("Spark services", r.groups().services(), r, theme, w, out);
        section("Not linked to a live JVM (orphaned daemons, launchers)", r.groups().unlinked(), r, theme, w, out);
        section("Other Java and Python processes", r.groups().related(), r, theme, w, out);
        r.spark().ifPresent(s -> spark(s, theme, w, out));
        return out;
    }

    private static void jvm(PsReport r, JvmGroup g, Theme theme, int w, List<String> out) {
        for (TreeRow t : g.tree()) {
            String branch = switch (t.place()) {
                case TOP -> "";
                case UNDER_PYTHON -> "└ ";
                case CHILD -> "  └ ";
                case GRANDCHILD -> "      └ ";
            };
            out.add(row(r, t.process(), branch, theme, w));
        }
        if (!g.daemons().isEmpty() || !g.directWorkers().isEmpty() || !g.driverPython().isEmpty()) {
            long jvmRss = g.jvm().process().rssOrZero();
            out.add(theme.dim(String.format(Locale.ROOT, "%9s%s total: %s RSS (JVM %s + Python %s), %s%% CPU", "",
                    label(g.jvm()), ByteFormat.compact(g.totalRssBytes()), ByteFormat.compact(jvmRss),
                    ByteFormat.compact(g.totalRssBytes() - jvmRss), PsFormat.percent(g.totalCpuPercent()))));
        }
    }

    private static void section(String title, List<SparkProcess> list, PsReport r, Theme theme, int w, List<String> out) {
        if (!list.isEmpty()) {
            out.add(theme.bold(title));
            list.forEach(p -> out.add(row(r, p, "", theme, w)));
        }
    }

    private static String row(PsReport r, SparkProcess p, String tree, Theme theme, int w) {
        // %-22s pads by chars; the label may hold a foreign executor id, so pad by display columns
        String head = String.format(Locale.ROOT, ROW, p.pid(), SafeText.pad(tree + label(p), 22, false),
                p.cpuPercent().isPresent() ? PsFormat.percent(p.cpuPercent().getAsDouble()) : PsFormat.UNKNOWN,
                PsFormat.bytes(p.process().rssBytes()), PsFormat.count(p.process().threads()),
                PsFormat.age(p.process().age(r.table().takenAt())));
        return head + theme.dim(PsFormat.cut(CommandSummary.of(p.process()), w - head.length()));
    }

    private static String label(SparkProcess p) {
        return switch (p.role()) {
            case EXECUTOR -> "executor " + p.executorId().orElse("?");
            case PYTHON_WORKER -> "python worker";
            case PYTHON_DAEMON -> "pyspark.daemon";
            default -> p.role().id().replace('-', ' ');
        };
    }

    private static void spark(SparkReportedMemory s, Theme theme, int w, List<String> out) {
        out.add("");
        out.add(theme.bold("Spark's view of " + s.appId() + " (peak memory per executor, all hosts)"));
        out.add(theme.bold(String.format(Locale.ROOT, "%-9s %-24s %9s %9s %9s %9s", "EXECUTOR", "HOST", "JVM RSS", "PY RSS", "OTHER", "HEAP")));
        for (SparkReportedMemory.ExecutorMemory e : s.executors()) {
            out.add(String.format(Locale.ROOT, "%-9s %-24s %9s %9s %9s %9s", e.executorId() + (e.active() ? "" : "†"),
                    SafeText.pad(e.host(), 24, false), size(e.jvmRssBytes()), size(e.pythonRssBytes()),
                    size(e.otherRssBytes()), size(e.jvmHeapBytes())));
        }
        if (s.executors().stream().anyMatch(e -> !e.active())) {
            out.add(theme.dim("† removed executor"));
        }
        s.hint().ifPresent(h -> Wrap.lines(h, w, "", "  ").forEach(l -> out.add(theme.dim(l))));
    }

    private static String size(java.util.Optional<Long> b) {
        return b.map(ByteFormat::compact).orElse(PsFormat.UNKNOWN);
    }
}
