package dev.sparkdoc.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one Jackson configuration sparkdoc uses, for what it reads (Spark's REST answers, snapshot
 * files) and what it writes (JSON reports, snapshot files): neither side owns it, so it sits
 * apart, left of both {@code source} and {@code report}.
 */
public final class Json {

    private static final ObjectMapper MAPPER = safeForTerminals(new ObjectMapper())
            .registerModule(new Jdk8Module())
            .registerModule(new JavaTimeModule())
            // Spark adds fields in minor releases; ignore what we do not know.
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false)
            .configure(SerializationFeature.INDENT_OUTPUT, true);

    private Json() {
    }

    /** Output escapes C1 controls and bidi overrides too, not only C0 ({@link TerminalSafeEscapes}). */
    public static ObjectMapper safeForTerminals(ObjectMapper mapper) {
        mapper.getFactory().setCharacterEscapes(new TerminalSafeEscapes());
        return mapper;
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
