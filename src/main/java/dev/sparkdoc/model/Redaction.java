package dev.sparkdoc.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Hides secret values the way Spark does before anything reaches a snapshot, a report or a
 * screen. The pattern is Spark's default {@code spark.redaction.regex}
 * ({@code (?i)secret|password|token|access[.]?key}) plus common key names Spark's default misses.
 */
public final class Redaction {

    /** The text Spark itself puts in place of a redacted value. */
    public static final String REDACTED = "*********(redacted)";

    private static final Pattern SECRET_KEY = Pattern.compile(
            "(?i)secret|password|passwd|token|access[.]?key|credential|private[.]?key|api[.]?key");

    private Redaction() {
    }

    public static boolean isSecretKey(String key) {
        return SECRET_KEY.matcher(key).find();
    }

    /** Like Spark's {@code Utils.redact}: a match in the key or in the value hides the value. */
    public static String value(String key, String value) {
        return isSecretKey(key) || isSecretKey(value) ? REDACTED : value;
    }

    /** A copy with every secret-looking key's value replaced, keeping the order. */
    public static Map<String, String> properties(Map<String, String> properties) {
        Map<String, String> out = new LinkedHashMap<>();
        properties.forEach((k, v) -> out.put(k, value(k, v)));
        return out;
    }
}
