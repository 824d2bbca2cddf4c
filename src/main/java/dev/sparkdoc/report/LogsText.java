package dev.sparkdoc.report;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.InputText;
import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.LogTail;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code sparkdoc logs}: each executor log's tail (redacted by its reader), made safe for the terminal, then
 * the errors {@code explain} finds in it, then what the application's code printed into a stderr
 * among Spark's log lines. An executor's stdout holds its JVM code's {@code System.out}; a Python
 * UDF's {@code print} lands in its stderr ({@link ExecutorLogLines}), and the headers say so.
 */
public final class LogsText {

    static final int MAX_LINE = 1_000;
    /** The printed lines a stderr's section repeats: the last ones, those of the latest tasks. */
    static final int MAX_PRINTED = 20;

    private LogsText() {
    }

    /** @param grep only the lines it finds, when given */
    public static List<String> lines(List<LogTail> tails, Optional<Pattern> grep) {
        List<String> out = new ArrayList<>();
        for (LogTail t : tails) {
            out.add(header(t));
            if (t.problem().isPresent()) {
                out.add("  " + SafeText.line(t.problem().get()));
                continue;
            }
            String text = t.text();
            List<String> shown = text.lines().filter(l -> grep.map(g -> g.matcher(l).find()).orElse(true)).toList();
            if (shown.isEmpty()) {
                out.add(grep.isPresent() ? "  (no line matches " + grep.get().pattern() + ")" : "  (empty)");
            }
            // a log line can be a whole class path (the executor's launch command): its start says enough
            shown.forEach(l -> out.add("  " + SafeText.line(l.length() > MAX_LINE ? l.substring(0, MAX_LINE) + " …" : l)));
            List<ExplainedError> errors = ErrorClassifier.builtIn().classify(InputText.of(text));
            if (!errors.isEmpty()) {
                out.add("");
                out.add("Errors in executor " + t.executorId() + "'s " + t.kind() + ":");
                ExplainText.lines(errors).forEach(l -> out.add("  " + l));
            }
            printed(t, grep, out);
            out.add("");
        }
        return out;
    }

    /** What a followed log gained, one line each, marked with its executor and log; a problem once. */
    public static List<String> followed(LogTail t, Optional<Pattern> grep) {
        String mark = "[executor " + t.executorId() + " " + t.kind() + "] ";
        if (t.problem().isPresent()) {
            return List.of(mark + SafeText.line(t.problem().get()));
        }
        return t.text().lines().filter(l -> grep.map(g -> g.matcher(l).find()).orElse(true))
                .map(l -> mark + SafeText.line(l.length() > MAX_LINE ? l.substring(0, MAX_LINE) + " …" : l)).toList();
    }

    /**
     * A stderr's lines that no log4j layout wrote, outside errors: a Python worker's {@code print()}
     * and {@code System.err}, which would otherwise hide among Spark's INFO lines.
     */
    private static void printed(LogTail t, Optional<Pattern> grep, List<String> out) {
        if (!t.kind().equals("stderr")) {
            return;
        }
        List<String> lines = t.text().lines().toList();
        List<ExecutorLogLines.Kind> kinds = ExecutorLogLines.of(lines);
        List<String> printed = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (kinds.get(i) == ExecutorLogLines.Kind.PRINTED && grep.map(g -> g.matcher(line).find()).orElse(true)) {
                printed.add(line);
            }
        }
        if (printed.isEmpty()) {
            return;
        }
        out.add("");
        out.add("Printed in executor " + t.executorId() + "'s stderr (print() of its Python workers, System.err): "
                + printed.size() + (printed.size() == 1 ? " line" : " lines") + (printed.size() > MAX_PRINTED ? ", the last " + MAX_PRINTED : ""));
        printed.subList(Math.max(0, printed.size() - MAX_PRINTED), printed.size())
                .forEach(l -> out.add("  > " + SafeText.line(l.length() > MAX_LINE ? l.substring(0, MAX_LINE) + " …" : l)));
    }

    /** "== executor 0 stderr (…): the last 64 KiB of 2 GiB ==": which log, what lands in it, how much of it this is. */
    public static String header(LogTail t) {
        String what = "executor " + t.executorId() + " " + t.kind() + what(t.kind());
        if (t.from().isPresent() && t.length().isPresent()) {
            long from = t.from().getAsLong();
            long length = t.length().getAsLong();
            what += from == 0 ? ": all " + ByteFormat.of(length)
                    : ": the last " + ByteFormat.of(length - from) + " of " + ByteFormat.of(length);
        }
        return "== " + what + " ==";
    }

    /** What lands in a log of this kind, as the header says it (where Spark really puts it). */
    public static String what(String kind) {
        return switch (kind) {
            case "stdout" -> " (System.out of its JVM code)";
            case "stderr" -> " (log4j, exceptions, print() of its Python workers)";
            default -> "";
        };
    }

    /** Why no executor of {@code s} (or not {@code executor}) has a log link: the one line said instead of logs. */
    public static String noLinks(AppSnapshot s, String executor) {
        String master = s.environment().sparkProperties().getOrDefault("spark.master", "");
        if (executor != null && s.executors().stream().noneMatch(e -> e.id().equals(executor))) {
            return "no executor " + executor + " in " + s.application().id() + " (see 'sparkdoc triage' for its executors)";
        }
        boolean local = master.startsWith("local[") || master.equals("local");
        if ("driver".equals(executor) && !local) {
            return "the driver has no log links: its output goes to the terminal or file that started it"
                    + " (sparkdoc triage --driver-log FILE reads it)";
        }
        if (local) {
            return "no executor log links: in local mode (" + master + ") the executor is the driver, whose output goes to the"
                    + " terminal or file that started it";
        }
        if (master.startsWith("k8s://")) {
            return "no executor log links: on Kubernetes Spark gives none; read them with kubectl logs <executor pod>";
        }
        return "no executor log links in " + s.application().id() + (executor == null ? "" : " for executor " + executor)
                + ": the cluster manager gave Spark none (an event log older than Spark 2.2 has none either)";
    }
}
