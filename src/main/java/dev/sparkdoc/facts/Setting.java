package dev.sparkdoc.facts;

/**
 * A setting's value in force where a finding applies, and where it came from.
 *
 * @param origin for people: {@code set by the app}, {@code set in query 7}, {@code Spark 4.0's default}
 */
public record Setting(String key, String value, String origin) {

    /** {@code spark.sql.adaptive.skewJoin.enabled = false (set in query 7)}. */
    public String display() {
        return key + " = " + value + " (" + origin + ")";
    }
}
