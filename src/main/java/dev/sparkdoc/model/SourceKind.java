package dev.sparkdoc.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The four ways sparkdoc reads an application; the names are part of the JSON contract. */
public enum SourceKind {
    LIVE, HISTORY, EVENTLOG, SNAPSHOT;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
