package dev.sparkdoc.facts;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The unit a fact's value is kept in. Rules write times and sizes with units ("5s", "128MiB")
 * and shares as "10%" or 0.1; the engine converts them to this unit, and converts any time fact
 * to seconds where a rule asks for seconds lost.
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

    /** The unit of an {@link #id()}, as JSON and metrics keep it. */
    public static FactUnit of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }

    /** What a rule author writes: a time, a size, a fraction, a ratio, a count, true/false or text. */
    public String kind() {
        return switch (this) {
            case MS, SECONDS -> "time";
            case BYTES -> "size";
            case BOOLEAN -> "true/false";
            default -> id();
        };
    }

    public boolean isTime() {
        return this == MS || this == SECONDS;
    }

    /** Times and sizes: a threshold on such a fact must say its unit. */
    public boolean needsUnit() {
        return isTime() || this == BYTES;
    }

    /** A value of a time fact in seconds. */
    public double seconds(double value) {
        return switch (this) {
            case MS -> value / 1000.0;
            case SECONDS -> value;
            default -> throw new IllegalStateException(id() + " is not a time");
        };
    }
}
