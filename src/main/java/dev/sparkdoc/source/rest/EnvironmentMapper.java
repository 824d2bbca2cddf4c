package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Environment;
import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.source.rest.dto.EnvironmentDto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ApplicationEnvironmentInfo} → {@link Environment}. Spark has already redacted values
 * matching its {@code spark.redaction.regex}; {@link Redaction} adds the key names Spark's
 * default misses, before anything enters the model.
 */
final class EnvironmentMapper {

    private EnvironmentMapper() {
    }

    static Environment map(EnvironmentDto env) {
        Optional<EnvironmentDto.Runtime> runtime = Optional.ofNullable(env.runtime());
        return new Environment(
                runtime.flatMap(r -> Texts.nonBlank(r.javaVersion())),
                runtime.flatMap(r -> Texts.nonBlank(r.scalaVersion())),
                Redaction.properties(pairs(env.sparkProperties())),
                Redaction.properties(pairs(env.systemProperties())));
    }

    /** {@code [["k","v"], …]} → map; malformed pairs are skipped, a missing value is "". */
    private static Map<String, String> pairs(List<List<String>> pairs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (List<String> pair : pairs) {
            if (pair == null || pair.isEmpty() || pair.get(0) == null) {
                continue;
            }
            String value = pair.size() > 1 && pair.get(1) != null ? pair.get(1) : "";
            out.put(pair.get(0), value);
        }
        return out;
    }
}
