package dev.sparkdoc.model;

import java.util.regex.Pattern;

/**
 * What two task failures share once the parts that differ per task are removed: addresses,
 * UUIDs, paths and URLs, hosts and ports, ids and numbers. 59 {@code GpuSplitAndRetryOOM}
 * failures each naming its own buffer ({@code address=0x7efca0872010, length=729336131,
 * id=4933}) are one kind of failure. Both readers group by it (the event log's per-stage
 * groups and the REST API's), and each group keeps one real message as its example; signals
 * group retried failures across stages by it. In the model because readers and signals share it.
 */
public final class FailureMessages {

    /** Enough of a first line to tell kinds apart; the regexes never see more. */
    public static final int MAX_CHARS = 1000;

    private static final Pattern UUID =
            Pattern.compile("\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b");
    private static final Pattern HEX = Pattern.compile("\\b0x[0-9a-fA-F]+\\b|\\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\\b");
    /** scheme://… and absolute paths of two parts or more (/tmp/blockmgr-…/0c/shuffle_1_2_0.data). */
    private static final Pattern PATH = Pattern.compile("\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s,;'\"()\\[\\]]+|(?<![\\w.])/[\\w.@%+~-]+(?:/[\\w.@%+~-]*)+");
    private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?\\b");
    private static final Pattern HOST_PORT = Pattern.compile("\\b[a-zA-Z][\\w-]*(?:\\.[\\w-]+)+:\\d{2,5}\\b");
    /** A number not inside a word: "S3A" and "Log4j" keep their digits, "rdd_12_3" and "id=4933" lose theirs. */
    private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z])\\d+(?:\\.\\d+)*");

    private FailureMessages() {
    }

    /** The grouping key of a failure's one-line message. */
    public static String normalised(String firstLine) {
        if (firstLine == null || firstLine.isEmpty()) {
            return "";
        }
        String s = firstLine.length() > MAX_CHARS ? firstLine.substring(0, MAX_CHARS) : firstLine;
        s = PATH.matcher(s).replaceAll("<path>");
        s = UUID.matcher(s).replaceAll("<uuid>");
        s = IPV4.matcher(s).replaceAll("<host>");
        s = HOST_PORT.matcher(s).replaceAll("<host>");
        s = HEX.matcher(s).replaceAll("<hex>");
        return NUMBER.matcher(s).replaceAll("<n>");
    }
}
