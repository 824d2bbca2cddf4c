package dev.sparkdoc.signals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The keys of an equi-join as its plan node prints them, for a person: Spark's
 * {@code BroadcastHashJoin [customer_id#3], [customer_id#10], Inner, BuildRight, false} (likewise
 * SortMergeJoin and ShuffledHashJoin) is "customer_id"; keys named differently on each side read
 * "order_id = oid". The expression ids ({@code #3}, {@code #10L}) are Spark's, not the user's.
 */
final class JoinKeys {

    private static final Pattern EXPRESSION_ID = Pattern.compile("#\\d+L?\\b");
    /** a title stays readable: a key list longer than this is cut */
    private static final int MAX_CHARS = 80;

    private JoinKeys() {
    }

    /** Empty when the node's detail does not start with its two key lists (a REST plan, a cut detail). */
    static Optional<String> of(String detail) {
        int at = detail.indexOf('[');
        if (at < 0) {
            return Optional.empty();
        }
        Optional<Bracketed> left = bracketed(detail, at);
        if (left.isEmpty()) {
            return Optional.empty();
        }
        int next = left.get().end();
        while (next < detail.length() && (detail.charAt(next) == ',' || detail.charAt(next) == ' ')) {
            next++;
        }
        Optional<Bracketed> right = next < detail.length() && detail.charAt(next) == '[' ? bracketed(detail, next) : Optional.empty();
        if (right.isEmpty()) {
            return Optional.empty();
        }
        List<String> l = split(left.get().inside());
        List<String> r = split(right.get().inside());
        if (l.isEmpty() || l.size() != r.size()) {
            return Optional.empty();
        }
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            pairs.add(l.get(i).equals(r.get(i)) ? l.get(i) : l.get(i) + " = " + r.get(i));
        }
        String keys = String.join(", ", pairs);
        return Optional.of(keys.length() > MAX_CHARS ? keys.substring(0, MAX_CHARS - 1) + "…" : keys);
    }

    private record Bracketed(String inside, int end) {
    }

    /** The text between the bracket at {@code open} and its match, brackets and parentheses nested. */
    private static Optional<Bracketed> bracketed(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
                if (depth == 0) {
                    return Optional.of(new Bracketed(s.substring(open + 1, i), i + 1));
                }
            }
        }
        return Optional.empty();
    }

    /** Top-level comma-separated expressions, their expression ids removed. */
    private static List<String> split(String list) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= list.length(); i++) {
            char c = i < list.length() ? list.charAt(i) : ',';
            if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                String key = EXPRESSION_ID.matcher(list.substring(start, i)).replaceAll("").strip();
                if (!key.isEmpty()) {
                    out.add(key);
                }
                start = i + 1;
            }
        }
        return out;
    }
}
