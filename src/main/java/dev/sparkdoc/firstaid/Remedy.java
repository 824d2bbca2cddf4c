package dev.sparkdoc.firstaid;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One way to treat a problem: what to do, the exact config to set and the code to change. Shared
 * by the findings of the rule catalog and the errors {@code explain} recognises.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record Remedy(String text, Map<String, String> conf, Optional<String> code) {
    public Remedy {
        conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
    }
}
