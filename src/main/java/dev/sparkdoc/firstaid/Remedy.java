package dev.sparkdoc.firstaid;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One way to treat a problem: what to do, the exact config to set and the code to change. Shared
 * by the findings of the rule catalog and the errors {@code explain} recognises.
 *
 * @param text what to do, short: the text report gives it two lines
 * @param why  why it works or what it rests on (the settings that kept AQE from acting, say): the
 *             detail view and JSON show it, the text report does not
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
@JsonPropertyOrder({"text", "conf", "code", "why"})
public record Remedy(String text, Map<String, String> conf, Optional<String> code, Optional<String> why) {

    /**
     * What a user can do at once first: a setting to pass, then a change of code, then something
     * to find out or read. Ties keep the rule's own order.
     */
    public static final Comparator<Remedy> SIMPLEST_FIRST = Comparator.comparingInt(Remedy::effort);

    public Remedy {
        conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
    }

    public Remedy(String text, Map<String, String> conf, Optional<String> code) {
        this(text, conf, code, Optional.empty());
    }

    public Remedy withText(String newText) {
        return new Remedy(newText, conf, code, why);
    }

    public Remedy withConf(Map<String, String> newConf) {
        return new Remedy(text, newConf, code, why);
    }

    public Remedy withCode(Optional<String> newCode) {
        return new Remedy(text, conf, newCode, why);
    }

    /** 0 a setting, 1 code, 2 words only. */
    @JsonIgnore
    private int effort() {
        return !conf.isEmpty() ? 0 : code.isPresent() ? 1 : 2;
    }
}
