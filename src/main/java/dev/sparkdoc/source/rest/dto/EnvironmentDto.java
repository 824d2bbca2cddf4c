package dev.sparkdoc.source.rest.dto;

import java.util.List;

/**
 * {@code ApplicationEnvironmentInfo}. Properties are Scala tuples, serialised as two-element
 * arrays: {@code [["spark.app.name","x"], …]}. Hadoop properties and the class path are not
 * read (they are most of the response and sparkdoc does not use them).
 */
public record EnvironmentDto(Runtime runtime, List<List<String>> sparkProperties, List<List<String>> systemProperties) {

    public EnvironmentDto {
        sparkProperties = Lists.orEmpty(sparkProperties);
        systemProperties = Lists.orEmpty(systemProperties);
    }

    public record Runtime(String javaVersion, String javaHome, String scalaVersion) {
    }
}
