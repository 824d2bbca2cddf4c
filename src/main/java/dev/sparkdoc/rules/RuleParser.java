package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.datafile.YamlNode;
import dev.sparkdoc.datafile.YamlNode.Mapping;
import dev.sparkdoc.datafile.YamlNode.Sequence;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.firstaid.Families;
import dev.sparkdoc.signals.TimeSignals;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one rule file ({@code rules: [ … ]}) into {@link Rule}s, checking every name against the
 * fact catalog. Any mistake fails the whole file with its line. The file gives the family once:
 * by its name ({@code skew.yaml}) or a top-level {@code family:}.
 */
final class RuleParser {

    private static final Set<String> FILE_KEYS = Set.of("family", "rules");
    private static final Set<String> RULE_KEYS = Set.of("id", "scope", "title", "when", "severity",
            "evidence", "secondsLost", "part", "confidence", "remedies", "verify", "verifyFacts", "docs", "why");

    private final RuleYaml yaml;
    private final SeverityParser severities;
    private final Optional<String> familyOfName;
    private Optional<String> family = Optional.empty();

    private RuleParser(String file) {
        this.yaml = new RuleYaml(file);
        this.severities = new SeverityParser(yaml);
        this.familyOfName = Optional.of(RuleFiles.stem(file)).filter(name -> Families.title(name).isPresent());
    }

    static List<Rule> parse(Reader reader, String file) {
        return new RuleParser(file).rules(YamlNode.parse(reader, file));
    }

    private List<Rule> rules(YamlNode root) {
        Mapping top = yaml.mapping(root, "a rule file is a mapping with a 'rules:' list");
        yaml.onlyKeys(top, FILE_KEYS);
        family = family(top);
        return yaml.items(top, "rules", "expected 'rules:' with a list of rules", "each rule is a mapping").stream()
                .map(this::rule).toList();
    }

    private Optional<String> family(Mapping top) {
        if (top.get("family") == null) {
            return familyOfName;
        }
        String named = yaml.text(top, "family");
        if (Families.title(named).isEmpty()) {
            throw yaml.error(top.get("family"), "unknown family '" + named + "' (one of " + families() + ")");
        }
        if (familyOfName.isPresent() && !familyOfName.get().equals(named)) {
            throw yaml.error(top.get("family"), "family " + named + " in a file named after family " + familyOfName.get()
                    + ": a file named after a family holds that family's rules");
        }
        return Optional.of(named);
    }

    private Rule rule(Mapping m) {
        if (m.get("family") != null) {
            String named = yaml.scalar(m.get("family"));
            throw yaml.error(m.get("family"), "'family:' no longer goes in each rule: the file gives it once, by its name ("
                    + named + ".yaml holds " + named + " rules) or by 'family: " + named + "' at the top of the file");
        }
        yaml.onlyKeys(m, RULE_KEYS);
        String id = yaml.text(m, "id");
        String fam = family.orElseThrow(() -> yaml.error(m, "rule " + id + " has no family: name the file after it (e.g. skew.yaml)"
                + " or put 'family: skew' at the top of the file (families: " + families() + ")"));
        checkIdPrefix(m, id, fam);
        ScopeKind scope;
        try {
            scope = ScopeKind.parse(yaml.text(m, "scope"));
        } catch (IllegalArgumentException e) {
            throw yaml.error(m.get("scope"), e.getMessage());
        }
        YamlNode when = m.get("when");
        if (when == null) {
            throw yaml.error(m, "rule " + id + " has no 'when'");
        }
        Condition condition = condition(when, scope);
        String title = yaml.text(m, "title");
        checkTemplate(m.get("title"), title);
        List<Fact> evidence = facts(m, "evidence", scope);
        List<Fact> verifyFacts = facts(m, "verifyFacts", scope);
        Optional<Fact> secondsLost = Optional.ofNullable(m.get("secondsLost")).map(n -> timeFact(n, scope));
        Optional<Fact> part = Optional.ofNullable(m.get("part")).map(n -> part(n, secondsLost.isPresent()));
        double confidence = m.get("confidence") == null ? 1.0 : yaml.number(m.get("confidence"));
        if (confidence <= 0 || confidence > 1) {
            throw yaml.error(m.get("confidence"), "confidence must be in (0, 1]");
        }
        String verify = yaml.optionalText(m, "verify");
        checkTemplate(m.get("verify"), verify);
        return new Rule(id, fam, scope, title, condition, severities.parse(m.get("severity"), scope), evidence, secondsLost, part,
                confidence, remedies(m, m.get("remedies"), scope), verify, verifyFacts, yaml.optionalText(m, "docs"),
                yaml.optionalText(m, "why"),
                yaml.file() + ":" + m.line());
    }

    /** A list of numeric facts of the rule's scope ({@code evidence:}, {@code verifyFacts:}); empty when absent. */
    private List<Fact> facts(Mapping m, String key, ScopeKind scope) {
        boolean textAllowed = key.equals("evidence");
        List<Fact> out = new ArrayList<>();
        YamlNode node = m.get(key);
        if (node == null) {
            return out;
        }
        if (!(node instanceof Sequence seq)) {
            throw yaml.error(node, "'" + key + ":' takes a list of facts, e.g. [stage.duration.maxOverP50, stage.tail.secondsLost]");
        }
        for (YamlNode n : seq.items()) {
            // evidence may show a text fact (where a task is now); what verify compares is a number
            out.add(textAllowed ? yaml.fact(n, scope) : yaml.numberFact(n, scope));
        }
        return out;
    }

    /** An id that starts with a family's name ("skew.…") belongs in that family's file; team ids ("acme.…") are free. */
    private void checkIdPrefix(Mapping m, String id, String fam) {
        int dot = id.indexOf('.');
        String prefix = dot < 0 ? id : id.substring(0, dot);
        if (Families.title(prefix).isPresent() && !prefix.equals(fam)) {
            throw yaml.error(m.get("id"), "rule id '" + id + "' names family " + prefix + ", but this file holds " + fam
                    + " rules: move the rule to " + prefix + ".yaml, or rename it");
        }
    }

    private Condition condition(YamlNode node, ScopeKind scope) {
        Mapping m = yaml.mapping(node, "a condition is {all: [...]}, {any: [...]}, {not: ...} or {fact, op, value}");
        if (m.get("all") != null || m.get("any") != null) {
            boolean all = m.get("all") != null;
            YamlNode list = all ? m.get("all") : m.get("any");
            if (!(list instanceof Sequence seq) || seq.items().isEmpty() || m.fields().size() != 1) {
                throw yaml.error(m, "'" + (all ? "all" : "any") + "' takes a non-empty list and nothing else");
            }
            List<Condition> parts = seq.items().stream().map(n -> condition(n, scope)).toList();
            return all ? new Condition.All(parts) : new Condition.Any(parts);
        }
        if (m.get("not") != null) {
            return new Condition.Not(condition(m.get("not"), scope));
        }
        Fact fact = yaml.numberFact(yaml.require(m, "fact"), scope);
        Op op;
        try {
            op = Op.parse(yaml.text(m, "op"));
        } catch (IllegalArgumentException e) {
            throw yaml.error(m.get("op"), e.getMessage());
        }
        YamlNode value = yaml.require(m, "value");
        String written = yaml.scalar(value);
        return new Condition.Compare(fact, op, yaml.quantity(value, "'value: " + written + "'", written, fact), written);
    }

    private Fact timeFact(YamlNode node, ScopeKind scope) {
        Fact fact = yaml.numberFact(node, scope);
        if (!fact.unit().isTime()) {
            throw yaml.error(node, "secondsLost: " + fact + " is a " + fact.unit().kind()
                    + ", not a time: name a time fact such as stage.tail.secondsLost or stage.wall");
        }
        return fact;
    }

    /** {@code part: gc}: a part of the time account (account/Cause), only beside a {@code secondsLost:}. */
    private Fact part(YamlNode node, boolean measured) {
        String id = yaml.scalar(node);
        if (!measured) {
            throw yaml.error(node, "part: " + id + " without secondsLost: a part bounds the seconds a rule measures; name the time fact too");
        }
        return TimeSignals.part(id).orElseThrow(() -> yaml.error(node, "unknown part '" + id + "' (one of "
                + String.join(", ", TimeSignals.partIds()) + ")" + DidYouMean.among(TimeSignals.partIds(), id)));
    }

    /** The languages a remedy's code may be written in (AppLanguage ids). */
    private static final List<String> LANGUAGES = List.of("python", "scala", "java", "sql");

    private List<Rule.RemedyTemplate> remedies(Mapping rule, YamlNode node, ScopeKind scope) {
        if (node == null) {
            throw yaml.error(rule, "a rule needs at least one remedy");
        }
        if (!(node instanceof Sequence seq) || seq.items().isEmpty()) {
            throw yaml.error(node, "'remedies' is a non-empty list of {text, conf, code}");
        }
        List<Rule.RemedyTemplate> out = new ArrayList<>();
        for (YamlNode item : seq.items()) {
            Mapping m = yaml.mapping(item, "a remedy is {text, conf, code}");
            String text = yaml.text(m, "text");
            checkTemplate(m.get("text"), text);
            Map<String, String> conf = new LinkedHashMap<>();
            if (m.get("conf") != null) {
                Mapping c = yaml.mapping(m.get("conf"), "'conf' maps config keys to values");
                c.fields().forEach((k, v) -> {
                    String value = yaml.scalar(v);
                    checkTemplate(v, value);
                    conf.put(k, value);
                });
            }
            Map<String, String> byLanguage = new LinkedHashMap<>();
            Optional<String> code;
            if (m.get("code") instanceof Mapping byLang) {
                byLang.fields().forEach((lang, v) -> {
                    if (!LANGUAGES.contains(lang)) {
                        throw yaml.error(v, "code for '" + lang + "': the languages are " + String.join(", ", LANGUAGES));
                    }
                    String c = yaml.scalar(v);
                    checkTemplate(v, c);
                    byLanguage.put(lang, c);
                });
                // an app of unknown language gets the Python version: most Spark first aid is asked for PySpark
                code = Optional.ofNullable(byLanguage.get("python")).or(() -> byLanguage.values().stream().findFirst());
            } else {
                code = Optional.ofNullable(m.get("code")).map(yaml::scalar);
                code.ifPresent(c -> checkTemplate(m.get("code"), c));
            }
            for (String key : m.fields().keySet()) {
                if (!List.of("text", "conf", "code", "when", "why").contains(key)) {
                    throw yaml.error(m.get(key), "a remedy has text, conf, code, when and why, not '" + key + "'");
                }
            }
            Optional<Condition> when = Optional.ofNullable(m.get("when")).map(n -> condition(n, scope));
            Optional<String> why = Optional.ofNullable(m.get("why")).map(yaml::scalar);
            why.ifPresent(w -> checkTemplate(m.get("why"), w));
            out.add(new Rule.RemedyTemplate(text, conf, code, byLanguage, when, why));
        }
        return out;
    }

    private void checkTemplate(YamlNode node, String template) {
        List<String> unknown = Templates.unknownNames(template);
        if (!unknown.isEmpty()) {
            throw yaml.error(node, "unknown placeholder {" + unknown.get(0) + "}" + DidYouMean.among(FactCatalog.names(), unknown.get(0)));
        }
    }

    private static String families() {
        return String.join(", ", Families.all().keySet());
    }
}
