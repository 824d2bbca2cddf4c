package dev.sparkdoc.source.eventlog.events;

import dev.sparkdoc.source.eventlog.lines.ByteScan;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A cursor over one line of JSON that reads only its plain subset: ASCII keys and strings
 * without escapes, integers of at most 18 digits where a number is wanted, and every value
 * stepped over checked against JSON's grammar (depth, number and string lengths bounded).
 *
 * <p>The first byte outside that subset stops the cursor: {@link #plain()} turns false and the
 * cursor moves to the line's end, so every later read finds nothing (objects and arrays end,
 * numbers read 0, strings "") and the reader's loops run out. The reader then answers that the
 * line is not its own and the caller hands the whole line to Jackson. No exception carries that
 * answer, so none is caught on the way: an index past the line is a bug, and it surfaces.
 */
final class PlainJson {

    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");
    /** Deeper nesting, longer numbers or strings than these go to Jackson, which has its own limits. */
    private static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER_CHARS = 1000;
    private static final int MAX_STRING_BYTES = 1 << 20;

    private byte[] b;
    private int i;
    private int end;
    private boolean plain;
    private int keyStart;
    private int keyLength;
    /** Whether the last key was the one expected (see {@link #nextKey(boolean, byte[])}). */
    private boolean hinted;

    /** Points the cursor at {@code buf[off, off + len)}. */
    void start(byte[] buf, int off, int len) {
        b = buf;
        i = off;
        end = off + len;
        plain = true;
    }

    /** Whether everything read so far was in the plain subset. */
    boolean plain() {
        return plain;
    }

    /** Whether the whole line was plain: nothing but blanks after the value read. */
    boolean plainToTheEnd() {
        blanks();
        return plain && i == end;
    }

    /** The line leaves the plain subset here (or its shape is not the reader's): see the class comment. */
    void notPlain() {
        plain = false;
        i = end;
    }

    /** Where the cursor is, to come back to with {@link #backTo}. */
    int mark() {
        return i;
    }

    /** Back to a {@link #mark} taken while plain, to read the same bytes another way. */
    void backTo(int mark) {
        i = mark;
        plain = true;
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

    /** A '{' at the cursor, stepped over. */
    void open() {
        opening((byte) '{');
    }

    /** A '[' at the cursor, stepped over. */
    void openArray() {
        opening((byte) '[');
    }

    private void opening(byte bracket) {
        if (at() == bracket) {
            i++;
        } else {
            notPlain();
        }
    }

    /**
     * Steps to the next key of the current object, trying first whether it is {@code expected}
     * (given as {@code "name":}, how JsonProtocol writes it, or null): one comparison instead of a
     * scan for its end. False at the object's '}', and once the line is not plain.
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
        at();
        int q = stringEnd();
        if (q < 0) {
            return false;
        }
        keyStart = i + 1;
        keyLength = q - keyStart;
        hinted = false;
        i = q + 1;
        if (at() != ':') {
            notPlain();
            return false;
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

    /** The current key as text (keys are plain ASCII). */
    String keyString() {
        return new String(b, keyStart, keyLength, StandardCharsets.ISO_8859_1);
    }

    /** An integer of at most 18 digits (what getValueAsLong gives for it); anything else is not plain. */
    long integer() {
        return integer(false);
    }

    /** An integer, or an integer in a string (how SQL metric updates are written). */
    long integerOrQuoted() {
        if (at() != '"') {
            return integer(false);
        }
        i++;
        long v = integer(true);
        if (plain) {
            i++;
        }
        return v;
    }

    /** @param quoted the number sits in a string (SQL metric updates): a '"' must follow it */
    private long integer(boolean quoted) {
        boolean negative = i < end && b[i] == '-';
        int d = negative ? i + 1 : i;
        long value = 0;
        int start = d;
        while (d < end && b[d] >= '0' && b[d] <= '9') {
            value = value * 10 + (b[d] - '0');
            d++;
        }
        int digits = d - start;
        if (digits == 0 || digits > 18 || (digits > 1 && b[start] == '0') || d >= end
                || (quoted ? b[d] != '"' : !delimiter(b[d]))) {
            notPlain();
            return 0;
        }
        i = d;
        return negative ? -value : value;
    }

    int int32() {
        long v = integer(false);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            notPlain();
            return 0;
        }
        return (int) v;
    }

    /**
     * The closing quote of the string at the cursor (no blanks before it) if it is plain: ASCII,
     * no escapes, no control characters, not too long; else -1 and the line is not plain.
     */
    private int stringEnd() {
        if (i >= end || b[i] != '"') {
            notPlain();
            return -1;
        }
        int q = ByteScan.plainStringEnd(b, i + 1, Math.min(end, i + 1 + MAX_STRING_BYTES));
        if (q < 0 || b[q] != '"') {
            notPlain();
            return -1;
        }
        return q;
    }

    /** The string at the cursor as text (ASCII: Latin-1 decoding gives the same text, without a UTF-8 decoder). */
    String text() {
        int q = stringEnd();
        if (q < 0) {
            return "";
        }
        String s = new String(b, i + 1, q - i - 1, StandardCharsets.ISO_8859_1);
        i = q + 1;
        return s;
    }

    boolean bool() {
        if (literal(TRUE)) {
            return true;
        }
        if (!literal(FALSE)) {
            notPlain();
        }
        return false;
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
        int q = stringEnd();
        if (q >= 0) {
            i = q + 1;
        }
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
                notPlain();
                return;
            }
            i++;
            if (c == '{') {
                for (boolean first = true; nextKey(first, null); first = false) {
                    value(depth + 1);
                }
            } else {
                for (boolean first = true; nextElement(first); first = false) {
                    value(depth + 1);
                }
            }
        } else if (c == '"') {
            skipString();
        } else if (plain && !literal(TRUE) && !literal(FALSE) && !literal(NULL)) {
            number();
        }
    }

    /** Steps to the next element of the current array; false at its ']', and once the line is not plain. */
    boolean nextElement(boolean first) {
        return nextMember(first, (byte) ']');
    }

    /** Past the ',' before a member that is not the first; false (and past it) at the closing bracket. */
    private boolean nextMember(boolean first, byte close) {
        byte c = at();
        if (!plain) {
            return false;
        }
        if (c == close) {
            i++;
            return false;
        }
        if (!first) {
            if (c != ',') {
                notPlain();
                return false;
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
        boolean valid;
        if (i < end && b[i] == '0') {
            i++;
            valid = true;
        } else {
            valid = digits() > 0;
        }
        if (valid && i < end && b[i] == '.') {
            i++;
            valid = digits() > 0;
        }
        if (valid && i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            valid = digits() > 0;
        }
        if (!valid || i - start > MAX_NUMBER_CHARS || i >= end || !delimiter(b[i])) {
            notPlain();
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

    /** The byte at the cursor after blanks; 0 (and the line not plain) past its end. */
    byte at() {
        blanks();
        if (i >= end) {
            notPlain();
            return 0;
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
