package dev.sparkdoc.rules;

import dev.sparkdoc.firstaid.DataFileException;
import dev.sparkdoc.firstaid.Families;
import dev.sparkdoc.firstaid.YamlNode;
import dev.sparkdoc.firstaid.YamlNode.Mapping;
import dev.sparkdoc.firstaid.YamlNode.Scalar;
import dev.sparkdoc.firstaid.YamlNode.Sequence;
import dev.sparkdoc.signals.FactCatalog;
import dev.sparkdoc.signals.FactDef;
import dev.sparkdoc.signals.FactUnit;
import dev.sparkdoc.signals.ScopeKind;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Reads one rule file ({@code rules: [ … ]}) into {@link Rule}s, checking every name against the
 * fact catalog. Any mistake fails the whole file with its line.
 */
final class RuleParser {

    private static final Set<String> RULE_KEYS = Set.of("id", "family", "scope", "title", "when", "severity",
            "evidence", "secondsLost", "confidence", "remedies", "verify", "docs", "why");

    private final String file;

    private RuleParser(String file) {
        this.file = file;
    }

    static List<Rule> parse(Reader reader, String file) {
        return new RuleParser(file).rules(YamlNode.parse(reader, file));
    }

    private List<Rule> rules(YamlNode root) {
        Mapping top = mapping(root, "a rule file is a mapping with a 'rules:' list");
        YamlNode list = top.get("rules");
        if (!(list instanceof Sequence seq)) {
            throw error(top, "expected 'rules:' with a list of rules");
        }
        List<Rule> rules = new ArrayList<>();
        for (YamlNode item : seq.items()) {
            rules.add(rule(mapping(item, "each rule is a mapping")));
        }
        return rules;
    }

    private Rule rule(Mapping m) {
        for (String key : m.fields().keySet()) {
            if (!RULE_KEYS.contains(key)) {
                throw new DataFileException(file, m.keyLines().get(key), "unknown key '" + key + "' (known: " + String.join(", ", new java.util.TreeSet<>(RULE_KEYS)) + ")");
            }
        }
        String id = text(m, "id");
        String family = text(m, "family");
        if (Families.title(family).isEmpty()) {
            throw error(m.get("family"), "unknown family '" + family + "' (one of " + String.join(", ", Families.all().keySet()) + ")");
        }
        ScopeKind scope;
        try {
            scope = ScopeKind.parse(text(m, "scope"));
        } catch (IllegalArgumentException e) {
            throw error(m.get("scope"), e.getMessage());
        }
        YamlNode when = m.get("when");
        if (when == null) {
            throw error(m, "rule " + id + " has no 'when'");
        }
        Condition condition = condition(when, scope);
        String title = text(m, "title");
        checkTemplate(m.get("title"), title);
        List<String> evidence = new ArrayList<>();
        if (m.get("evidence") instanceof Sequence seq) {
            for (YamlNode n : seq.items()) {
                evidence.add(fact(n, scope).name());
            }
        }
        Optional<String> secondsLost = Optional.ofNullable(m.get("secondsLost")).map(n -> fact(n, scope).name());
        double confidence = m.get("confidence") == null ? 1.0 : number(m.get("confidence"));
        if (confidence <= 0 || confidence > 1) {
            throw error(m.get("confidence"), "confidence must be in (0, 1]");
        }
        String verify = optionalText(m, "verify");
        checkTemplate(m.get("verify"), verify);
        return new Rule(id, family, scope, title, condition, severity(m.get("severity"), scope), evidence, secondsLost,
                confidence, remedies(m.get("remedies")), verify, optionalText(m, "docs"), optionalText(m, "why"),
                file + ":" + m.line());
    }

    private Condition condition(YamlNode node, ScopeKind scope) {
        Mapping m = mapping(node, "a condition is {all: [...]}, {any: [...]}, {not: ...} or {fact, op, value}");
        if (m.get("all") != null || m.get("any") != null) {
            boolean all = m.get("all") != null;
            YamlNode list = all ? m.get("all") : m.get("any");
            if (!(list instanceof Sequence seq) || seq.items().isEmpty() || m.fields().size() != 1) {
                throw error(m, "'" + (all ? "all" : "any") + "' takes a non-empty list and nothing else");
            }
            List<Condition> parts = seq.items().stream().map(n -> condition(n, scope)).toList();
            return all ? new Condition.All(parts) : new Condition.Any(parts);
        }
        if (m.get("not") != null) {
            return new Condition.Not(condition(m.get("not"), scope));
        }
        FactDef fact = fact(require(m, "fact"), scope);
        Op op;
        try {
            op = Op.parse(text(m, "op"));
        } catch (IllegalArgumentException e) {
            throw error(m.get("op"), e.getMessage());
        }
        YamlNode value = require(m, "value");
        String written = ((Scalar) scalar(value)).text();
        try {
            return new Condition.Compare(fact.name(), op, Thresholds.parse(written, fact.unit()), written);
        } catch (IllegalArgumentException e) {
            throw error(value, e.getMessage() + " for fact " + fact.name() + " (" + fact.unit().id() + ")");
        }
    }

    private SeverityLadder severity(YamlNode node, ScopeKind scope) {
        if (node == null) {
            return SeverityLadder.fixed(Severity.WARNING);
        }
        if (node instanceof Scalar s) {
            return SeverityLadder.fixed(parseSeverity(node, s.text()));
        }
        Mapping m = mapping(node, "severity is a level or {fact, warning, critical}");
        Severity base = m.get("base") == null ? Severity.INFO : parseSeverity(m.get("base"), text(m, "base"));
        FactDef fact = fact(require(m, "fact"), scope);
        return new SeverityLadder(base, Optional.of(fact.name()), threshold(m, "warning", fact), threshold(m, "critical", fact));
    }

    private OptionalDouble threshold(Mapping m, String key, FactDef fact) {
        YamlNode n = m.get(key);
        if (n == null) {
            return OptionalDouble.empty();
        }
        try {
            return OptionalDouble.of(Thresholds.parse(((Scalar) scalar(n)).text(), fact.unit()));
        } catch (IllegalArgumentException e) {
            throw error(n, e.getMessage());
        }
    }

    private Severity parseSeverity(YamlNode node, String text) {
        try {
            return Severity.parse(text);
        } catch (IllegalArgumentException e) {
            throw error(node, e.getMessage());
        }
    }

    private List<Rule.RemedyTemplate> remedies(YamlNode node) {
        if (node == null) {
            throw new DataFileException(file, 0, "a rule needs at least one remedy");
        }
        if (!(node instanceof Sequence seq) || seq.items().isEmpty()) {
            throw error(node, "'remedies' is a non-empty list of {text, conf, code}");
        }
        List<Rule.RemedyTemplate> out = new ArrayList<>();
        for (YamlNode item : seq.items()) {
            Mapping m = mapping(item, "a remedy is {text, conf, code}");
            String text = text(m, "text");
            checkTemplate(m.get("text"), text);
            Map<String, String> conf = new LinkedHashMap<>();
            if (m.get("conf") != null) {
                Mapping c = mapping(m.get("conf"), "'conf' maps config keys to values");
                c.fields().forEach((k, v) -> {
                    String value = ((Scalar) scalar(v)).text();
                    checkTemplate(v, value);
                    conf.put(k, value);
                });
            }
            Optional<String> code = Optional.ofNullable(m.get("code")).map(n -> ((Scalar) scalar(n)).text());
            code.ifPresent(c -> checkTemplate(m.get("code"), c));
            out.add(new Rule.RemedyTemplate(text, conf, code));
        }
        return out;
    }

    private FactDef fact(YamlNode node, ScopeKind scope) {
        String name = ((Scalar) scalar(node)).text();
        FactDef def = FactCatalog.find(name)
                .orElseThrow(() -> error(node, "unknown fact '" + name + "'" + FactCatalog.suggestion(name)));
        if (def.scope() != scope && def.scope() != ScopeKind.APP) {
            throw error(node, "fact '" + name + "' belongs to scope " + def.scope().id() + ", not " + scope.id());
        }
        if (def.unit() == FactUnit.TEXT) {
            throw error(node, "fact '" + name + "' is text: use it in titles and remedies, not in conditions");
        }
        return def;
    }

    private void checkTemplate(YamlNode node, String template) {
        List<String> unknown = Templates.unknownNames(template);
        if (!unknown.isEmpty()) {
            throw error(node, "unknown placeholder {" + unknown.get(0) + "}" + FactCatalog.suggestion(unknown.get(0)));
        }
    }

    private Mapping mapping(YamlNode node, String expected) {
        if (node instanceof Mapping m) {
            return m;
        }
        throw error(node, expected);
    }

    private YamlNode scalar(YamlNode node) {
        if (node instanceof Scalar) {
            return node;
        }
        throw error(node, "expected a single value");
    }

    private YamlNode require(Mapping m, String key) {
        YamlNode n = m.get(key);
        if (n == null) {
            throw error(m, "missing '" + key + "'");
        }
        return n;
    }

    private String text(Mapping m, String key) {
        String t = ((Scalar) scalar(require(m, key))).text();
        if (t.isBlank()) {
            throw error(m.get(key), "'" + key + "' is empty");
        }
        return t;
    }

    private String optionalText(Mapping m, String key) {
        YamlNode n = m.get(key);
        return n == null ? "" : ((Scalar) scalar(n)).text();
    }

    private double number(YamlNode node) {
        try {
            return Double.parseDouble(((Scalar) scalar(node)).text());
        } catch (NumberFormatException e) {
            throw error(node, "expected a number");
        }
    }

    private DataFileException error(YamlNode node, String reason) {
        return new DataFileException(file, node == null ? 0 : node.line(), reason);
    }
}
