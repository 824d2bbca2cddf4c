package dev.sparkdoc.cli;

import dev.sparkdoc.rules.Severity;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;

/** The values of {@code --fail-on}: the severities a finding can have (not OK, a verdict only). */
enum FailLevel {
    INFO(Severity.INFO), WARNING(Severity.WARNING), CRITICAL(Severity.CRITICAL);

    private final Severity severity;

    FailLevel(Severity severity) {
        this.severity = severity;
    }

    Severity severity() {
        return severity;
    }

    /** As users type it, and as help lists it (${COMPLETION-CANDIDATES}). */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Any case, like the rule files' severities; a wrong word names the right ones. */
    static final class Converter implements ITypeConverter<FailLevel> {
        @Override
        public FailLevel convert(String text) {
            for (FailLevel level : values()) {
                if (level.toString().equalsIgnoreCase(text)) {
                    return level;
                }
            }
            throw new UsageException("--fail-on " + text + ": use info, warning or critical");
        }
    }
}
