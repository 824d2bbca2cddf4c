package dev.sparkdoc.rules;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How bad a finding is; OK exists only as a verdict ("nothing found"). */
public enum Severity {
    OK, INFO, WARNING, CRITICAL;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity parse(String text) {
        for (Severity s : values()) {
            if (s.id().equalsIgnoreCase(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown severity '" + text + "' (info, warning, critical)");
    }

    public boolean atLeast(Severity other) {
        return compareTo(other) >= 0;
    }
}
