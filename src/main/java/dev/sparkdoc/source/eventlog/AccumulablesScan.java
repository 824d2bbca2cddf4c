package dev.sparkdoc.source.eventlog;

import java.nio.charset.StandardCharsets;
import java.util.function.LongPredicate;

/**
 * Reads the "Accumulables" of a task-end line from its bytes, without a JSON tokenizer.
 *
 * <p>Why: in a Spark 3.x/4.x task end about two thirds of the bytes are {@code Task Info →
 * Accumulables}, 30-odd entries of which most are {@code internal.metrics.*} copies of "Task
 * Metrics"; only the few SQL plan metrics are wanted. Tokenizing them (hashing every field name)
 * was the largest cost of reading a log. Here the wanted entries are found by walking the bytes
 * (strings and nesting respected: a quote inside a JSON string is always escaped, so no pattern
 * can match inside one), for {@link TaskLineScan}. Whatever is not in the shape JsonProtocol
 * writes ({@code {"ID":n,…,"Update":n|"n",…}}) makes {@link #read} answer -1, and the line is
 * parsed the ordinary way.
 */
final class AccumulablesScan {

    private static final byte[] ID = "{\"ID\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UPDATE = "\"Update\":".getBytes(StandardCharsets.US_ASCII);

    private AccumulablesScan() {}

    /**
     * Adds the wanted entries' updates of the array whose '[' is at {@code open} to {@code e}, in
     * one pass over its bytes.
     *
     * @return the index of the array's ']', or -1 when an entry is not in JsonProtocol's shape or
     *         the array is cut (then nothing added may be trusted)
     */
    static int read(byte[] b, int open, int end, LongPredicate wanted, TaskEvent e) {
        int i = skipBlanks(b, open + 1, end);
        while (i < end && b[i] != ']') {
            if (b[i] != '{') {
                return -1;
            }
            int entryEnd = skipValue(b, i, end);
            if (entryEnd < 0 || !startsWith(b, i, entryEnd, ID)) {
                return -1;
            }
            long id = number(b, i + ID.length, entryEnd, false);
            if (id == Long.MIN_VALUE) {
                return -1;
            }
            if (id >= 0 && wanted.test(id) && !update(b, i, entryEnd, id, e)) {
                return -1;
            }
            i = skipBlanks(b, entryEnd, end);
            if (i < end && b[i] == ',') {
                i = skipBlanks(b, i + 1, end);
                if (i < end && b[i] == ']') {
                    return -1;
                }
            } else if (i < end && b[i] != ']') {
                return -1;
            }
        }
        return i < end ? i : -1;
    }

    /** The entry's "Update" (a number, or a number in a string for SQL metrics); absent → none. */
    private static boolean update(byte[] b, int from, int to, long id, TaskEvent e) {
        int at = indexOf(b, from, to, UPDATE);
        if (at < 0) {
            return true;
        }
        int v = at + UPDATE.length;
        boolean quoted = v < to && b[v] == '"';
        long update = number(b, quoted ? v + 1 : v, to, quoted);
        if (update == Long.MIN_VALUE) {
            return false;
        }
        e.addAccumulable(id, update);
        return true;
    }

    /**
     * An integer of at most 18 digits at {@code i}, ended by '"' when quoted, else by ',', '}' or
     * a blank; {@link Long#MIN_VALUE} for anything else (a fraction, a word, a cut line).
     */
    private static long number(byte[] b, int i, int to, boolean quoted) {
        boolean negative = i < to && b[i] == '-';
        int d = negative ? i + 1 : i;
        long value = 0;
        int digits = 0;
        while (d < to && b[d] >= '0' && b[d] <= '9' && digits < 19) {
            value = value * 10 + (b[d] - '0');
            d++;
            digits++;
        }
        if (digits == 0 || digits > 18 || d >= to) {
            return Long.MIN_VALUE;
        }
        byte next = b[d];
        boolean ended = quoted ? next == '"' : next == ',' || next == '}' || next == ' ';
        return ended ? (negative ? -value : value) : Long.MIN_VALUE;
    }

    /** The index just past the value starting at {@code i} (object, array, string or scalar), or -1. */
    static int skipValue(byte[] b, int i, int end) {
        if (i >= end) {
            return -1;
        }
        byte c = b[i];
        if (c == '"') {
            return skipString(b, i, end);
        }
        if (c != '{' && c != '[') {
            while (i < end && b[i] != ',' && b[i] != '}' && b[i] != ']' && !blank(b[i])) {
                i++;
            }
            return i < end ? i : -1;
        }
        int depth = 0;
        while (i < end) {
            c = b[i];
            if (c == '"') {
                i = skipString(b, i, end);
                if (i < 0) {
                    return -1;
                }
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    return i + 1;
                }
            }
            i++;
        }
        return -1;
    }

    /** Past the closing quote of the string whose opening quote is at {@code i}, or -1. */
    private static int skipString(byte[] b, int i, int end) {
        int at = i + 1;
        while (true) {
            int q = ByteScan.quoteOrBackslash(b, at, end);
            if (q < 0) {
                return -1;
            }
            if (b[q] == '"') {
                return q + 1;
            }
            at = q + 2;
        }
    }

    private static int skipBlanks(byte[] b, int i, int end) {
        while (i < end && blank(b[i])) {
            i++;
        }
        return i;
    }

    private static boolean blank(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    private static boolean startsWith(byte[] b, int i, int end, byte[] prefix) {
        if (end - i < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (b[i + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, int to, byte[] needle) {
        outer:
        for (int i = from; i <= to - needle.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (b[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
