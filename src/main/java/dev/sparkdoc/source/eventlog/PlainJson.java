package dev.sparkdoc.source.eventlog;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A cursor over one line of JSON that reads only its plain subset: ASCII keys without escapes,
 * ASCII value strings (without escapes, or with JSON's escapes when the cursor allows them),
 * integers of at most 18 digits where a number is wanted, and every value stepped over checked
 * against JSON's grammar (depth, number and string lengths bounded). Whatever leaves that subset
 * throws {@link #NOT_PLAIN}, and the caller hands the line to Jackson, so a line read here is one
 * Jackson would read the same way (see {@link TaskLineScan} and {@link PlainSkim}).
 */
final class PlainJson {

    /** Thrown (without a stack trace) when the line leaves the plain subset. */
    static final class NotPlain extends RuntimeException {
        NotPlain() {
            super(null, null, false, false);
        }
    }

    static final NotPlain NOT_PLAIN = new NotPlain();

    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");
    /** Deeper nesting, longer numbers or strings than these go to Jackson, which has its own limits. */
    private static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER_CHARS = 1000;
    private static final int MAX_STRING_BYTES = 1 << 20;

    /** Whether strings stepped over or read as text may have escapes (keys never). */
    private final boolean escapes;
    private byte[] b;
    private int i;
    private int end;
    private int keyStart;
    private int keyLength;
    /** Whether the last key was the one expected (see {@link #nextKey(boolean, byte[])}). */
    private boolean hinted;

    /** A cursor over strings without escapes: what {@link TaskLineScan} reads. */
    PlainJson() {
        this(false);
    }

    /** @param escapes whether value strings may have JSON's escapes (checked, and decoded by {@link #text}) */
    PlainJson(boolean escapes) {
        this.escapes = escapes;
    }

    /** Points the cursor at {@code buf[off, off + len)}. */
    void start(byte[] buf, int off, int len) {
        b = buf;
        i = off;
        end = off + len;
    }

    int position() {
        return i;
    }

    void rewind(int position) {
        i = position;
    }

    /** Steps over {@code bytes} if they are next, exactly (no blanks before them). */
    boolean follows(byte[] bytes) {
        int n = bytes.length;
        if (end - i >= n && Arrays.equals(b, i, i + n, bytes, 0, n)) {
            i += n;
            return true;
        }
        return false;
    }

    /** Whether only blanks are left. */
    boolean atEnd() {
        blanks();
        return i == end;
    }

    /** A '[' at the cursor, stepped over. */
    void openArray() {
        if (at() != '[') {
            throw NOT_PLAIN;
        }
        i++;
    }

    /** An integer, or an integer in a string (how SQL metric updates are written). */
    long integerOrQuoted() {
        if (at() != '"') {
            return integer();
        }
        i++;
        long v = integer(true);
        i++;
        return v;
    }

    void open() {
        if (at() != '{') {
            throw NOT_PLAIN;
        }
        i++;
    }

    /** Steps to the next key of the current object (its name in keyStart/keyLength); false at its '}'. */
    boolean nextKey(boolean first) {
        return nextMember(first, (byte) '}') && key();
    }

    /**
     * {@link #nextKey(boolean)}, trying first whether the key is {@code expected} (given as
     * {@code "name":}, how JsonProtocol writes it): one comparison instead of a scan for its end.
     */
    boolean nextKey(boolean first, byte[] expected) {
        if (!nextMember(first, (byte) '}')) {
            return false;
        }
        if (expected != null && follows(expected)) {
            keyStart = i - expected.length + 1;
            keyLength = expected.length - 3;
            hinted = true;
            blanks();
            return true;
        }
        return key();
    }

    /** The current key as {@code "name":}, for {@link #nextKey(boolean, byte[])}. */
    byte[] quotedKey() {
        byte[] k = new byte[keyLength + 3];
        k[0] = '"';
        System.arraycopy(b, keyStart, k, 1, keyLength);
        k[keyLength + 1] = '"';
        k[keyLength + 2] = ':';
        return k;
    }

    /** The quoted key at the cursor and its ':' (a member's comma already passed). */
    private boolean key() {
        if (at() != '"') {
            throw NOT_PLAIN;
        }
        int q = plainStringEnd();
        keyStart = i + 1;
        keyLength = q - keyStart;
        hinted = false;
        i = q + 1;
        if (at() != ':') {
            throw NOT_PLAIN;
        }
        i++;
        blanks();
        return true;
    }

    /** Whether the last key read was the one expected. */
    boolean hinted() {
        return hinted;
    }

    boolean key(byte[] name) {
        return keyLength == name.length && Arrays.equals(b, keyStart, keyStart + keyLength, name, 0, name.length);
    }

    int keyIndex(byte[][] names) {
        for (int k = 0; k < names.length; k++) {
            if (key(names[k])) {
                return k;
            }
        }
        return -1;
    }

    /** An integer of at most 18 digits (what getValueAsLong gives for it); anything else is not plain. */
    long integer() {
        return integer(false);
    }

    /** @param quoted the number sits in a string (SQL metric updates): a '"' must follow it */
    long integer(boolean quoted) {
        boolean negative = i < end && b[i] == '-';
        int d = negative ? i + 1 : i;
        long value = 0;
        int start = d;
        while (d < end && b[d] >= '0' && b[d] <= '9') {
            value = value * 10 + (b[d] - '0');
            d++;
        }
        int digits = d - start;
        if (digits == 0 || digits > 18 || (digits > 1 && b[start] == '0') || d >= end) {
            throw NOT_PLAIN;
        }
        if (quoted ? b[d] != '"' : !delimiter(b[d])) {
            throw NOT_PLAIN;
        }
        i = d;
        return negative ? -value : value;
    }

    int int32() {
        long v = integer();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw NOT_PLAIN;
        }
        return (int) v;
    }

    /** The closing quote of the key at the cursor, if it is plain (ASCII, no escapes, no control characters). */
    private int plainStringEnd() {
        int q = ByteScan.plainStringEnd(b, i + 1, Math.min(end, i + 1 + MAX_STRING_BYTES));
        if (q < 0 || b[q] != '"') {
            throw NOT_PLAIN;
        }
        return q;
    }

    /**
     * The closing quote of the value string at the cursor (no blanks before it): plain, or with
     * valid escapes when they are allowed.
     */
    private int valueStringEnd() {
        if (i >= end || b[i] != '"') {
            throw NOT_PLAIN;
        }
        int from = i + 1;
        int limit = Math.min(end, i + 1 + MAX_STRING_BYTES);
        while (true) {
            int q = ByteScan.plainStringEnd(b, from, limit);
            if (q < 0) {
                throw NOT_PLAIN;
            }
            if (b[q] == '"') {
                return q;
            }
            if (b[q] != '\\' || !escapes) {
                throw NOT_PLAIN;
            }
            from = q + escapeLength(q);
        }
    }

    /** The length of the escape at {@code q} (a backslash): one of JSON's, or not plain. */
    private int escapeLength(int q) {
        int n = JsonStrings.escapeLength(b, q, end);
        if (n < 0) {
            throw NOT_PLAIN;
        }
        return n;
    }

    /**
     * The value string at the cursor as text, its escapes decoded as Jackson decodes them (ASCII:
     * Latin-1 decoding gives the same text, without a UTF-8 decoder).
     */
    String text() {
        int q = valueStringEnd();
        String s = JsonStrings.decode(b, i + 1, q);
        i = q + 1;
        return s;
    }

    /** The current key as text (keys are plain ASCII). */
    String keyString() {
        return new String(b, keyStart, keyLength, StandardCharsets.ISO_8859_1);
    }

    /** A {@code null} at the cursor, stepped over. */
    void nullLiteral() {
        if (!literal(NULL)) {
            throw NOT_PLAIN;
        }
    }

    boolean bool() {
        if (literal(TRUE)) {
            return true;
        }
        if (literal(FALSE)) {
            return false;
        }
        throw NOT_PLAIN;
    }

    private boolean literal(byte[] word) {
        if (end - i > word.length && Arrays.equals(b, i, i + word.length, word, 0, word.length)
                && delimiter(b[i + word.length])) {
            i += word.length;
            return true;
        }
        return false;
    }

    /** Steps over a string at the cursor (no blanks before it). */
    void skipString() {
        i = valueStringEnd() + 1;
    }

    /** Steps over a number or a string at the cursor (no blanks before it). */
    void skipScalar() {
        if (i < end && b[i] == '"') {
            skipString();
        } else {
            number();
        }
    }

    /** Steps over a value the event does not need, checking it is well-formed JSON as Jackson would. */
    void skip() {
        value(0);
    }

    private void value(int depth) {
        byte c = at();
        if (c == '{' || c == '[') {
            if (depth >= MAX_DEPTH) {
                throw NOT_PLAIN;
            }
            i++;
            if (c == '{') {
                for (boolean first = true; nextKey(first); first = false) {
                    value(depth + 1);
                }
            } else {
                for (boolean first = true; nextElement(first); first = false) {
                    value(depth + 1);
                }
            }
        } else if (c == '"') {
            skipString();
        } else if (!literal(TRUE) && !literal(FALSE) && !literal(NULL)) {
            number();
        }
    }

    /** Steps to the next element of the current array; false at its ']'. */
    boolean nextElement(boolean first) {
        return nextMember(first, (byte) ']');
    }

    /** Past the ',' before a member that is not the first; false (and past it) at the closing bracket. */
    private boolean nextMember(boolean first, byte close) {
        byte c = at();
        if (c == close) {
            i++;
            return false;
        }
        if (!first) {
            if (c != ',') {
                throw NOT_PLAIN;
            }
            i++;
        }
        return true;
    }

    /** A JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, followed by a delimiter. */
    private void number() {
        int start = i;
        if (i < end && b[i] == '-') {
            i++;
        }
        if (i < end && b[i] == '0') {
            i++;
        } else if (digits() == 0) {
            throw NOT_PLAIN;
        }
        if (i < end && b[i] == '.') {
            i++;
            if (digits() == 0) {
                throw NOT_PLAIN;
            }
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            if (digits() == 0) {
                throw NOT_PLAIN;
            }
        }
        if (i - start > MAX_NUMBER_CHARS || i >= end || !delimiter(b[i])) {
            throw NOT_PLAIN;
        }
    }

    private int digits() {
        int start = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i - start;
    }

    private static boolean delimiter(byte c) {
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    /** The byte at the cursor after blanks; {@link ArrayIndexOutOfBoundsException} past the line is caught as not plain. */
    byte at() {
        blanks();
        if (i >= end) {
            throw NOT_PLAIN;
        }
        return b[i];
    }

    private void blanks() {
        while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
