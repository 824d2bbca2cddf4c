package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.YamlNode;
import dev.sparkdoc.datafile.YamlNode.Mapping;
import dev.sparkdoc.datafile.YamlNode.Scalar;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.ScopeKind;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rule's {@code severity:}: a level, or a ladder whose steps each say their comparison
 * ({@code { fact: stage.tail.secondsLost, warning: ">= 10s", critical: ">= 60s" }}). A step that
 * can never decide anything is a mistake, as is the old form without comparisons.
 */
final class SeverityParser {

    private static final Set<String> LADDER_KEYS = Set.of("base", "fact", "warning", "critical");
    private static final Pattern STEP = Pattern.compile("^\\s*(>=|<=|==|!=|>|<)\\s*(.*?)\\s*$");

    private final RuleYaml yaml;

    SeverityParser(RuleYaml yaml) {
        this.yaml = yaml;
    }

    SeverityLadder parse(YamlNode node, ScopeKind scope) {
        if (node == null) {
            return SeverityLadder.fixed(Severity.WARNING);
        }
        if (node instanceof Scalar s) {
            return SeverityLadder.fixed(level(node, s.text()));
        }
        Mapping m = yaml.mapping(node, "severity is a level (info, warning, critical) or a ladder {fact, warning, critical}");
        yaml.onlyKeys(m, LADDER_KEYS);
        Severity base = m.get("base") == null ? Severity.INFO : level(m.get("base"), yaml.text(m, "base"));
        if (m.get("fact") == null || m.get("warning") == null && m.get("critical") == null) {
            throw yaml.error(m, "a ladder needs a fact and a warning: or critical: step, e.g. { fact: stage.tail.secondsLost,"
                    + " warning: \">= 10s\", critical: \">= 60s\" }; for a fixed level write severity: " + base.id());
        }
        if (base == Severity.CRITICAL) {
            throw yaml.error(m.get("base"), "base: critical leaves the ladder nothing to decide: write severity: critical");
        }
        Fact fact = yaml.numberFact(m.get("fact"), scope);
        boolean downwards = oldDownwards(m, fact);
        Optional<Comparison> warning = step(m, "warning", fact, downwards);
        Optional<Comparison> critical = step(m, "critical", fact, downwards);
        if (warning.isPresent() && base == Severity.WARNING) {
            throw yaml.error(m.get("warning"), "'warning: \"" + warning.get().text() + "\"' can never matter: the base is already"
                    + " warning; remove it, or drop the base (a ladder starts at info)");
        }
        if (warning.isPresent() && critical.isPresent() && warning.get().within(critical.get())) {
            throw yaml.error(m.get("warning"), "'warning: \"" + warning.get().text() + "\"' can never matter: every value it holds"
                    + " for is already critical (\"" + critical.get().text() + "\")");
        }
        return new SeverityLadder(base, Optional.of(fact), warning, critical);
    }

    private Optional<Comparison> step(Mapping m, String key, Fact fact, boolean downwards) {
        YamlNode node = m.get(key);
        if (node == null) {
            return Optional.empty();
        }
        String written = yaml.scalar(node);
        Matcher s = STEP.matcher(written);
        if (!s.matches()) {
            throw yaml.error(node, "'" + key + ": " + written + "' needs a comparison" + (Thresholds.lacksUnit(written, fact.unit())
                    ? " and unit" : "") + ", e.g. " + key + ": \"" + suggestion(written, fact, downwards) + "\"");
        }
        Op op = Op.parse(s.group(1));
        String label = "'" + key + ": \"" + written.strip() + "\"'";
        return Optional.of(new Comparison(op, yaml.quantity(node, label, s.group(2), fact), written.strip()));
    }

    /** What an old step meant, written in the new form: "10" on seconds lost is ">= 10s". */
    private static String suggestion(String written, Fact fact, boolean downwards) {
        if (fact.unit() == FactUnit.BOOLEAN) {
            return "== " + written.strip();
        }
        try {
            return (downwards ? "<= " : ">= ") + Thresholds.literal(Thresholds.parse(written, fact.unit()), fact.unit());
        } catch (IllegalArgumentException e) {
            return (downwards ? "<= " : ">= ") + written.strip();
        }
    }

    /** The old format counted down when warning was above critical (slot use, free disk). */
    private boolean oldDownwards(Mapping m, Fact fact) {
        if (m.get("warning") == null || m.get("critical") == null) {
            return false;
        }
        try {
            return Thresholds.parse(yaml.scalar(m.get("critical")), fact.unit()) < Thresholds.parse(yaml.scalar(m.get("warning")), fact.unit());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Severity level(YamlNode node, String text) {
        try {
            return Severity.parse(text);
        } catch (IllegalArgumentException e) {
            throw yaml.error(node, e.getMessage());
        }
    }
}
