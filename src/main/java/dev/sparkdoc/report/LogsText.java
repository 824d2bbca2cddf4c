package dev.sparkdoc.report;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.InputText;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.signals.FactFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code sparkdoc logs}: each executor log's tail (redacted by its reader), made safe for the terminal, then
 * the errors {@code explain} finds in it. An executor's stdout is where a Python UDF's
 * {@code print} and the JVM's {@code System.out} land, and says so.
 */
public final class LogsText {

    static final int MAX_LINE = 1_000;

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

    private static String header(LogTail t) {
        String what = "executor " + t.executorId() + " " + t.kind()
                + (t.kind().equals("stdout") ? " (System.out, and print() of its Python workers)" : "");
        if (t.from().isPresent() && t.length().isPresent()) {
            long from = t.from().getAsLong();
            long length = t.length().getAsLong();
            what += from == 0 ? ": all " + FactFormat.bytes(length)
                    : ": the last " + FactFormat.bytes(length - from) + " of " + FactFormat.bytes(length);
        }
        return "== " + what + " ==";
    }

    /** Why no executor of {@code s} (or not {@code executor}) has a log link: the one line said instead of logs. */
    public static String noLinks(AppSnapshot s, String executor) {
        String master = s.environment().sparkProperties().getOrDefault("spark.master", "");
        if (executor != null && s.executors().stream().noneMatch(e -> e.id().equals(executor))) {
            return "no executor " + executor + " in " + s.application().id() + " (see 'sparkdoc triage' for its executors)";
        }
        if (master.startsWith("local[") || master.equals("local")) {
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
