package dev.sparkdoc.facts;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What a fact (and a finding) is about. The names are part of the rule format and the JSON. */
public enum ScopeKind {
    APP, JOB, STAGE, EXECUTOR, SQL, PROCESS, STREAM;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ScopeKind parse(String text) {
        for (ScopeKind k : values()) {
            if (k.id().equals(text)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown scope '" + text + "' (app, job, stage, executor, sql, process, stream)");
    }
}
