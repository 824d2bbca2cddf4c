package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.datafile.YamlNode;
import dev.sparkdoc.datafile.YamlNode.Mapping;
import dev.sparkdoc.datafile.YamlNode.Scalar;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.signals.Settings;
import java.io.Reader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads a rule test file ({@code tests: [ … ]}, see {@link RuleTestCase}) against the rules in
 * force; an unknown rule or fact, or a time without its unit, fails the file with its line.
 */
final class RuleTestParser {

    private static final Set<String> CASE_KEYS = Set.of("name", "rule", "scope", "facts", "fires", "severity", "secondsLost",
            "title", "settings", "version", "proposes", "doesNotPropose", "inForce", "remedyText");
    private static final List<String> FIX_KEYS = List.of("proposes", "doesNotPropose", "inForce", "remedyText");
    /** Spark's defaults a case's settings fall back to unless it says {@code version:}. */
    static final String DEFAULT_VERSION = "4.0.1";

    /** {@code facts:} with nothing under it: a case where nothing is measured. */
    private static final Mapping EMPTY = new Mapping(Map.of(), Map.of(), 0);

    private final RuleYaml yaml;
    private final Map<String, Rule> rules;

    private RuleTestParser(String file, Map<String, Rule> rules) {
        this.yaml = new RuleYaml(file);
        this.rules = rules;
    }

    static List<RuleTestCase> parse(Reader reader, String file, Map<String, Rule> rules) {
        return new RuleTestParser(file, rules).cases(YamlNode.parse(reader, file));
    }

    private List<RuleTestCase> cases(YamlNode root) {
        Mapping top = yaml.mapping(root, "a rule test file is a mapping with a 'tests:' list");
        yaml.onlyKeys(top, Set.of("tests"));
        return yaml.items(top, "tests", "expected 'tests:' with a list of cases", "each case is a mapping: {name, rule, facts, fires}")
                .stream().map(this::testCase).toList();
    }

    private RuleTestCase testCase(Mapping m) {
        yaml.onlyKeys(m, CASE_KEYS);
        String name = yaml.text(m, "name");
        String id = yaml.text(m, "rule");
        Rule rule = rules.get(id);
        if (rule == null) {
            throw yaml.error(m.get("rule"), "no rule '" + id + "'" + DidYouMean.among(rules.keySet(), id) + " (see 'sparkdoc rules list')");
        }
        boolean fires = switch (yaml.text(m, "fires")) {
            case "true" -> true;
            case "false" -> false;
            default -> throw yaml.error(m.get("fires"), "fires: true (the rule fires) or false (it stays silent)");
        };
        for (String key : java.util.stream.Stream.concat(Stream.of("severity", "secondsLost", "title"), FIX_KEYS.stream()).toList()) {
            if (!fires && m.get(key) != null) {
                throw yaml.error(m.get(key), "'" + key + ":' is what a firing rule reports: only with fires: true");
            }
        }
        Optional<Severity> severity = Optional.ofNullable(m.get("severity")).map(n -> severity(n));
        Optional<RuleTestCase.Expected> secondsLost = Optional.ofNullable(m.get("secondsLost")).map(n -> seconds(n));
        Optional<String> title = Optional.ofNullable(m.get("title")).map(yaml::scalar);
        return new RuleTestCase(yaml.file() + ":" + m.line(), name, rule, facts(m, scope(m, rule.scope()), settings(m)), fires,
                severity, secondsLost, title, fixes(m));
    }

    /**
     * {@code settings:} the app's own (key: value), over Spark's defaults for {@code version:}
     * (4.0.1 unless it says); absent: the case knows nothing of the configuration.
     */
    private Settings settings(Mapping m) {
        if (m.get("settings") == null && m.get("version") == null) {
            return Settings.NONE;
        }
        Map<String, String> set = new java.util.LinkedHashMap<>();
        if (m.get("settings") != null) {
            Mapping given = yaml.mapping(m.get("settings"), "'settings:' maps Spark properties to the values the app set, e.g."
                    + " spark.sql.adaptive.skewJoin.enabled: \"false\"");
            given.fields().forEach((key, value) -> set.put(key, yaml.scalar(value)));
        }
        String version = m.get("version") == null ? DEFAULT_VERSION : yaml.text(m, "version");
        return Settings.ofApp(set, version);
    }

    private RuleTestCase.Fixes fixes(Mapping m) {
        Map<String, String> proposes = new java.util.LinkedHashMap<>();
        if (m.get("proposes") != null) {
            Mapping given = yaml.mapping(m.get("proposes"), "'proposes:' maps settings to the values a remedy must set");
            given.fields().forEach((key, value) -> proposes.put(key, yaml.scalar(value)));
        }
        return new RuleTestCase.Fixes(proposes, texts(m, "doesNotPropose"), texts(m, "inForce"), texts(m, "remedyText"));
    }

    private List<String> texts(Mapping m, String key) {
        YamlNode node = m.get(key);
        if (node == null) {
            return List.of();
        }
        if (!(node instanceof YamlNode.Sequence seq)) {
            throw yaml.error(node, "'" + key + ":' takes a list, e.g. [spark.sql.adaptive.enabled]");
        }
        return seq.items().stream().map(yaml::scalar).toList();
    }

    /** What the case is about, for {scope.id} and {scope.name} in titles: stage 1, executor 1 … unless it says. */
    private Scope scope(Mapping m, ScopeKind kind) {
        String id = kind == ScopeKind.APP ? "app" : kind == ScopeKind.STAGE ? "1.0" : "1";
        String name = "";
        if (m.get("scope") != null) {
            Mapping s = yaml.mapping(m.get("scope"), "'scope:' is {id, name}: what {scope.id} and {scope.name} show in titles");
            yaml.onlyKeys(s, Set.of("id", "name"));
            id = s.get("id") == null ? id : yaml.text(s, "id");
            name = yaml.optionalText(s, "name");
        }
        return new Scope(kind, id, name);
    }

    /** The facts given, split into the rule's scope and the app's, which it falls back to. */
    private ScopeFacts facts(Mapping m, Scope of, Settings settings) {
        ScopeKind kind = of.kind();
        FactSink app = new FactSink(kind == ScopeKind.APP ? of : Scope.app("app", "")).settings(settings);
        FactSink scope = new FactSink(of);
        YamlNode node = yaml.require(m, "facts");
        Mapping given = node instanceof Scalar s && s.text().isEmpty() ? EMPTY
                : yaml.mapping(node, "'facts:' maps fact names to values, e.g. stage.duration.max: 50s");
        given.fields().forEach((name, value) -> {
            Fact fact = yaml.fact(yaml.key(given, name), kind);
            FactSink sink = fact.scope() == ScopeKind.APP ? app : scope;
            String written = yaml.scalar(value);
            if (fact.unit() == FactUnit.TEXT) {
                sink.text(fact, written);
            } else {
                sink.put(fact, yaml.quantity(value, "'" + name + ": " + written + "'", written, fact));
            }
        });
        ScopeFacts appFacts = app.build(Optional.empty());
        return kind == ScopeKind.APP ? appFacts : scope.build(Optional.of(appFacts));
    }

    private Severity severity(YamlNode node) {
        try {
            return Severity.parse(yaml.scalar(node));
        } catch (IllegalArgumentException e) {
            throw yaml.error(node, e.getMessage());
        }
    }

    private RuleTestCase.Expected seconds(YamlNode node) {
        String written = yaml.scalar(node);
        return new RuleTestCase.Expected(written, yaml.quantity(node, "'secondsLost: " + written + "'", written, FactUnit.SECONDS));
    }
}
