package dev.sparkdoc.rules;

import java.nio.file.Path;

/** How files in a rule folder are told apart: {@code skew.yaml} holds rules, {@code skew.test.yaml} their tests. */
final class RuleFiles {

    private RuleFiles() {
    }

    static boolean isTests(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".test.yaml") || name.endsWith(".test.yml");
    }

    static boolean isRules(Path file) {
        String name = file.getFileName().toString();
        return (name.endsWith(".yaml") || name.endsWith(".yml")) && !isTests(file);
    }

    /** "skew" for rules/skew.yaml: the family a file is named after, if it is one. */
    static String stem(String file) {
        String name = Path.of(file).getFileName().toString();
        int dot = name.indexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
