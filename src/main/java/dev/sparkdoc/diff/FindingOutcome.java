package dev.sparkdoc.diff;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.sparkdoc.rules.Severity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What became of one finding of the baseline in the current run: the same rule on the same
 * work (stages, jobs and queries through the alignment), read by the facts the finding's
 * {@code verifyFacts} name.
 *
 * @param where          the baseline's scope, as people read it
 * @param currentId      the scope id of the current run's finding, or of the counterpart scope it was looked for on
 * @param secondsSaved   seconds lost before minus after (negative when the current run loses more)
 * @param facts          each verify fact's value before and after, where both runs measured it
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
@JsonPropertyOrder({"rule", "title", "where", "baselineId", "currentId", "status", "severityBefore", "severityAfter",
        "secondsLostBefore", "secondsLostAfter", "secondsSaved", "summary", "facts"})
public record FindingOutcome(
        String rule,
        String title,
        String where,
        String baselineId,
        Optional<String> currentId,
        Status status,
        Severity severityBefore,
        Optional<Severity> severityAfter,
        double secondsLostBefore,
        double secondsLostAfter,
        double secondsSaved,
        String summary,
        List<Change.Metric> facts) {

    public FindingOutcome {
        facts = List.copyOf(facts);
    }

    /** The names are part of the JSON contract. */
    public enum Status {
        /** The rule no longer fires on this work. */
        GONE,
        /** It still fires, with fewer seconds lost beyond the diff's threshold, or a lower severity. */
        BETTER,
        UNCHANGED,
        /** It fires with more seconds lost beyond the threshold, or a higher severity. */
        WORSE;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
