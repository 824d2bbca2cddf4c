package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.datafile.YamlNode;
import dev.sparkdoc.datafile.YamlNode.Mapping;
import dev.sparkdoc.datafile.YamlNode.Scalar;
import dev.sparkdoc.datafile.YamlNode.Sequence;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.ScopeKind;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reading the YAML of rule files and rule tests: every mistake is a {@link DataFileException}
 * with the file and line, and names the fix where there is one.
 */
final class RuleYaml {

    private final String file;

    RuleYaml(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    Mapping mapping(YamlNode node, String expected) {
        if (node instanceof Mapping m) {
            return m;
        }
        throw error(node, expected);
    }

    /** The mappings listed under {@code key} of a file's top level: its rules, or its test cases. */
    List<Mapping> items(Mapping top, String key, String expected, String each) {
        if (!(top.get(key) instanceof Sequence seq)) {
            throw error(top, expected);
        }
        return seq.items().stream().map(item -> mapping(item, each)).toList();
    }

    String scalar(YamlNode node) {
        if (node instanceof Scalar s) {
            return s.text();
        }
        throw error(node, "expected a single value");
    }

    YamlNode require(Mapping m, String key) {
        YamlNode n = m.get(key);
        if (n == null) {
            throw error(m, "missing '" + key + "'");
        }
        return n;
    }

    String text(Mapping m, String key) {
        String t = scalar(require(m, key));
        if (t.isBlank()) {
            throw error(m.get(key), "'" + key + "' is empty");
        }
        return t;
    }

    String optionalText(Mapping m, String key) {
        YamlNode n = m.get(key);
        return n == null ? "" : scalar(n);
    }

    double number(YamlNode node) {
        try {
            return Double.parseDouble(scalar(node));
        } catch (NumberFormatException e) {
            throw error(node, "expected a number");
        }
    }

    void onlyKeys(Mapping m, Set<String> known) {
        for (String key : m.fields().keySet()) {
            if (!known.contains(key)) {
                throw new DataFileException(file, m.keyLines().get(key),
                        "unknown key '" + key + "' (known: " + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }

    /** A fact a rule of {@code scope} may read: its own scope's or the app's. */
    Fact fact(YamlNode node, ScopeKind scope) {
        String name = scalar(node);
        Fact fact = FactCatalog.find(name)
                .orElseThrow(() -> error(node, "unknown fact '" + name + "'" + DidYouMean.among(FactCatalog.names(), name)
                        + "; 'sparkdoc rules facts' lists them"));
        if (fact.scope() != scope && fact.scope() != ScopeKind.APP) {
            throw error(node, "fact '" + name + "' belongs to scope " + fact.scope().id() + ", not " + scope.id());
        }
        return fact;
    }

    /** A fact compared with a threshold: not a text fact. */
    Fact numberFact(YamlNode node, ScopeKind scope) {
        Fact fact = fact(node, scope);
        if (fact.unit() == FactUnit.TEXT) {
            throw error(node, "fact '" + fact + "' is text: use it in titles and remedies, not in conditions");
        }
        return fact;
    }

    /**
     * A quantity of {@code fact}, {@code written} at {@code node} (shown in messages as {@code label}):
     * times and sizes need their unit, e.g. {@code 'value: 5' on stage.duration.max (a time) needs a
     * unit, e.g. 5s or 5000ms}.
     */
    double quantity(YamlNode node, String label, String written, Fact fact) {
        return quantity(node, label + (label.contains(fact.name()) ? "" : " on " + fact), written, fact.unit());
    }

    /** A quantity in {@code unit}, as above. */
    double quantity(YamlNode node, String label, String written, FactUnit unit) {
        if (Thresholds.lacksUnit(written, unit)) {
            throw error(node, label + " (a " + unit.kind() + ") needs a unit, e.g. " + unitExamples(written.trim(), unit));
        }
        try {
            return Thresholds.parse(written, unit);
        } catch (IllegalArgumentException e) {
            throw error(node, label + " (a " + unit.kind() + "): " + e.getMessage());
        }
    }

    /** A key of a mapping as a node, for messages about the key itself (a fact name in a test's facts). */
    YamlNode key(Mapping m, String key) {
        return new Scalar(key, false, false, m.keyLines().get(key));
    }

    /** "5s or 5000ms" for a time written 5, "64MiB or 64B" for a size written 64. */
    static String unitExamples(String number, FactUnit unit) {
        return unit.isTime()
                ? number + "s or " + Thresholds.plain(Double.parseDouble(number) * 1000) + "ms"
                : number + "MiB or " + number + "B";
    }

    DataFileException error(YamlNode node, String reason) {
        return new DataFileException(file, node == null ? 0 : node.line(), reason);
    }
}
