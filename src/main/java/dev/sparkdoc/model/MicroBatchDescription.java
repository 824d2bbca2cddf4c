package dev.sparkdoc.model;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What MicroBatchExecution writes as the description of everything a micro-batch runs (jobs,
 * stages and SQL executions, including those a foreachBatch function starts):
 * {@code "<name>\nid = <id>\nrunId = <runId>\nbatch = <n>"}, with {@code <no name>} for a query
 * started without queryName. The one reading of it, for the event log, the live REST API and the
 * names in titles alike.
 *
 * @param name the query's name, empty when it has none
 */
public record MicroBatchDescription(String name, String id, String runId, long batch) {

    private static final Pattern FORM = Pattern.compile(
            "(?s)\\A(.*?)\\s*\\nid = ([0-9a-fA-F-]+)\\s*\\nrunId = ([0-9a-fA-F-]+)\\s*\\nbatch = (\\d+)\\s*\\z");
    /** The name MicroBatchExecution writes for a query started without queryName. */
    private static final String NO_NAME = "<no name>";

    /** The micro-batch a description names; empty when it is not a micro-batch's. */
    public static Optional<MicroBatchDescription> parse(String description) {
        if (description == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(description.replace("\r", ""));
        if (!m.matches()) {
            return Optional.empty();
        }
        String name = m.group(1).strip();
        try {
            return Optional.of(new MicroBatchDescription(name.equals(NO_NAME) ? "" : name, m.group(2), m.group(3),
                    Long.parseLong(m.group(4))));
        } catch (NumberFormatException tooLong) {
            return Optional.empty();
        }
    }

    /** A title's name for the batch: {@code orders (micro-batch 4)}; an unnamed query by its id's first block. */
    public String oneLine() {
        String query = name.isEmpty() ? "query " + id.substring(0, Math.min(8, id.length())) : name;
        return query + " (micro-batch " + batch + ")";
    }
}
