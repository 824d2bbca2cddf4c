package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.ScopeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills {@code {fact}} placeholders in titles, remedies and hints. {@code {fact}} is the value for
 * people ("1.2 GiB"), {@code {fact:raw}} a plain number, {@code {fact:jvm}} a memory size for a
 * config ("4608m"); {@code {scope.id}} and {@code {scope.name}} name the scope.
 */
public final class Templates {

    static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-zA-Z0-9_.]+)(?::(raw|jvm))?}");

    private Templates() {
    }

    public static String fill(String template, ScopeFacts facts) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(value(m.group(1), m.group(2), facts)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Filled, or empty when a fact it names has no value here: a setting is never proposed as "?". */
    public static java.util.Optional<String> complete(String template, ScopeFacts facts) {
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            if (!m.group(1).startsWith("scope.") && "?".equals(value(m.group(1), m.group(2), facts))) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(fill(template, facts));
    }

    /**
     * Filled for a line that must be shown (a title): a placeholder whose fact has no value here
     * is left out with the words that introduce it (": ", " (…)", ", "), never shown as "?".
     */
    public static String fillShown(String template, ScopeFacts facts) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = value(m.group(1), m.group(2), facts);
            m.appendReplacement(out, Matcher.quoteReplacement("?".equals(v) ? MISSING : v));
        }
        m.appendTail(out);
        String text = out.toString()
                .replaceAll("\\s*\\(" + MISSING + "\\)", "")
                .replaceAll("\\s*[:,;=]?\\s*" + MISSING, "")
                .replace(MISSING, "")
                .replaceAll(" {2,}", " ").strip();
        return text.endsWith(":") ? text.substring(0, text.length() - 1) : text;
    }

    /** Stands for a missing value while a shown line is cleaned (no fact's text holds it). */
    private static final String MISSING = "\u0000";

    /** Names used in a template that are neither scope fields nor known facts (checked at load). */
    public static List<String> unknownNames(String template) {
        List<String> unknown = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            String name = m.group(1);
            if (!name.equals("scope.id") && !name.equals("scope.name") && !name.equals("scope.label")
                    && FactCatalog.find(name).isEmpty()) {
                unknown.add(name);
            }
        }
        return unknown;
    }

    private static String value(String name, String format, ScopeFacts facts) {
        switch (name) {
            case "scope.id":
                return facts.scope().displayId();
            case "scope.name":
                return facts.scope().name();
            case "scope.label":
                return facts.scope().label();
            default:
                break;
        }
        Fact fact = FactCatalog.require(name);
        var text = facts.text(fact);
        if (text.isPresent()) {
            // an empty text (an executor of no id, a failure of no message) is no value to show
            return text.get().isBlank() ? "?" : text.get();
        }
        OptionalDouble v = facts.value(fact);
        if (v.isEmpty()) {
            return "?";
        }
        double d = v.getAsDouble();
        if ("raw".equals(format)) {
            return FactFormat.raw(d);
        }
        if ("jvm".equals(format)) {
            return FactFormat.jvmSize(d);
        }
        return FactFormat.human(d, fact.unit());
    }
}
