package dev.sparkdoc.report;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.rules.Condition;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.SeverityLadder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The text of 'rules list' and 'rules show'. */
public final class RuleText {

    private RuleText() {
    }

    public static List<String> list(List<Rule> rules) {
        List<String> out = new ArrayList<>();
        int idWidth = rules.stream().mapToInt(r -> r.id().length()).max().orElse(2);
        int famWidth = rules.stream().mapToInt(r -> r.family().length()).max().orElse(6);
        String format = "%-" + idWidth + "s  %-" + famWidth + "s  %-8s  %s";
        out.add(String.format(Locale.ROOT, format, "ID", "FAMILY", "SCOPE", "TITLE"));
        for (Rule r : rules) {
            out.add(String.format(Locale.ROOT, format, r.id(), r.family(), r.scope().id(), r.title()));
        }
        return out;
    }

    public static List<String> show(Rule r) {
        List<String> out = new ArrayList<>();
        out.add(r.id() + "  (" + r.family() + ", scope " + r.scope().id() + ", from " + r.origin() + ")");
        out.add("title: " + r.title());
        out.add("when:");
        condition(r.when(), "  ", out);
        out.add("severity: " + severity(r.severity()));
        r.secondsLost().ifPresent(f -> out.add("seconds lost: " + f));
        out.add("confidence: " + r.confidence());
        if (!r.evidence().isEmpty()) {
            out.add("evidence: " + r.evidence().stream().map(Fact::name).collect(Collectors.joining(", ")));
        }
        out.add("remedies:");
        for (Rule.RemedyTemplate rem : r.remedies()) {
            List<String> lines = RemedyLines.of(rem.text(), rem.conf(), rem.codeByLanguage().isEmpty() ? rem.code() : java.util.Optional.empty());
            out.add("  - " + lines.get(0));
            lines.subList(1, lines.size()).forEach(l -> out.add("    " + l));
            rem.codeByLanguage().forEach((lang, code) -> {
                out.add("    " + lang + ":");
                code.lines().forEach(l -> out.add("      " + l));
            });
            rem.when().ifPresent(c -> {
                out.add("    only when:");
                condition(c, "      ", out);
            });
        }
        if (!r.verify().isBlank()) {
            out.add("verify: " + r.verify());
        }
        if (!r.verifyFacts().isEmpty()) {
            out.add("sparkdoc diff checks: " + String.join(", ", r.verifyFacts().stream().map(f -> f.name()).toList()));
        }
        if (!r.why().isBlank()) {
            out.add("why these thresholds: " + r.why());
        }
        if (!r.docs().isBlank()) {
            out.add("docs: " + r.docs());
        }
        return out;
    }

    /** "info, warning when app.shuffle.total >= 1GiB": the base, then each step of the ladder. */
    private static String severity(SeverityLadder ladder) {
        StringBuilder out = new StringBuilder(ladder.base().id());
        ladder.fact().ifPresent(f -> {
            ladder.warning().ifPresent(w -> out.append(", warning when ").append(f).append(' ').append(w.text()));
            ladder.critical().ifPresent(c -> out.append(", critical when ").append(f).append(' ').append(c.text()));
        });
        return out.toString();
    }

    private static void condition(Condition c, String indent, List<String> out) {
        if (c instanceof Condition.All all) {
            out.add(indent + "all of:");
            all.of().forEach(x -> condition(x, indent + "  ", out));
        } else if (c instanceof Condition.Any any) {
            out.add(indent + "any of:");
            any.of().forEach(x -> condition(x, indent + "  ", out));
        } else if (c instanceof Condition.Not not) {
            out.add(indent + "not:");
            condition(not.of(), indent + "  ", out);
        } else if (c instanceof Condition.Compare cmp) {
            out.add(indent + cmp.fact() + " " + cmp.op().symbol() + " " + cmp.thresholdText());
        }
    }
}
