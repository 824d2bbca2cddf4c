package dev.sparkdoc.signals;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The unit of a fact's value. Rule thresholds may be written with units ("5s", "256MB", "10%")
 * and are converted to the fact's unit at load time.
 */
public enum FactUnit {
    /** milliseconds */
    MS,
    /** seconds (seconds lost) */
    SECONDS,
    BYTES,
    /** a plain count: tasks, rows, failures */
    COUNT,
    /** a ratio such as max/median */
    RATIO,
    /** a share between 0 and 1, written in rules as 0.1 or 10% */
    FRACTION,
    /** 1 for true, 0 for false */
    BOOLEAN,
    /** a text fact (exception class, config value) for titles and remedies; never compared */
    TEXT;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
