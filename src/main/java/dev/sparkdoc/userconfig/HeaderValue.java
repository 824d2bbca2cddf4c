package dev.sparkdoc.userconfig;

import dev.sparkdoc.redact.Redaction;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP header of a named target: a plain value, or a secret with an optional prefix
 * ({@code Authorization: {command: "…", prefix: "Bearer "}}).
 */
public record HeaderValue(String name, Optional<String> plain, Optional<Secret> secret, String prefix) {

    /** "Name: value" as {@link dev.sparkdoc.source.HttpOptions} takes it; reads the secret. */
    public String line(Map<String, String> env) {
        return name + ": " + plain.orElseGet(() -> prefix + secret.orElseThrow().value(env));
    }

    /** For {@code config show}: a plain value as it is, a secret by its source. */
    public String describe(Map<String, String> env) {
        return name + ": " + plain.map(Redaction::text).orElseGet(() -> (prefix.isEmpty() ? "" : "'" + prefix + "' + ") + secret.orElseThrow().describe(env));
    }
}
