package dev.sparkdoc.source.rest;

import java.util.Optional;

/** Small string conversions the mappers share. */
final class Texts {

    private Texts() {
    }

    /** Absent, null and blank all mean "not given" in Spark's JSON. */
    static Optional<String> nonBlank(String text) {
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(text);
    }

    static String orEmpty(String text) {
        return text == null ? "" : text;
    }

    static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        String stripped = text.strip();
        int newline = stripped.indexOf('\n');
        return (newline < 0 ? stripped : stripped.substring(0, newline)).strip();
    }

    static String bounded(String text, int maxChars) {
        String value = orEmpty(text);
        return value.length() <= maxChars ? value : value.substring(0, maxChars) + "…";
    }
}
