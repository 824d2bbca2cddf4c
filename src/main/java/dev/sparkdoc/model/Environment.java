package dev.sparkdoc.model;

import java.util.Map;
import java.util.Optional;

/**
 * Runtime facts and properties of the application. Secret values are already redacted
 * (see {@link dev.sparkdoc.redact.Redaction}).
 */
public record Environment(
        Optional<String> javaVersion,
        Optional<String> scalaVersion,
        Map<String, String> sparkProperties,
        Map<String, String> systemProperties) {

    public static final Environment EMPTY = new Environment(Optional.empty(), Optional.empty(), Map.of(), Map.of());

    public Environment {
        sparkProperties = Map.copyOf(sparkProperties);
        systemProperties = Map.copyOf(systemProperties);
    }

    public Optional<String> sparkProperty(String key) {
        return Optional.ofNullable(sparkProperties.get(key));
    }
}
