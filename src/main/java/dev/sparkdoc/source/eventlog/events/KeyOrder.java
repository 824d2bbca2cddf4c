package dev.sparkdoc.source.eventlog.events;

import java.util.Arrays;
import java.util.function.ToIntFunction;

/**
 * The keys one kind of object had the last time, in order, and what the reader made of each.
 * JsonProtocol writes every task line's objects with the same keys in the same order, so the key
 * expected at each position is almost always there: {@link PlainJson#nextKey(boolean, byte[])}
 * finds it with one comparison, and the reader reuses its meaning (a field's code) instead of
 * comparing the name against every name it knows. A hint only: a different key is read the
 * ordinary way and remembered for the next line.
 */
final class KeyOrder {

    /** No meaning known for the key at a position (it changed, or was never given one). */
    private static final int UNKNOWN = Integer.MIN_VALUE;

    /** What a key means, worked out from the cursor when the position's key is new. */
    private final ToIntFunction<PlainJson> meaningOfKey;
    private byte[][] keys = new byte[8][];
    private int[] meanings = unknowns(8);

    /** Keys that are the fields of {@code fields}: their meaning is their code. */
    KeyOrder(FieldTable fields) {
        this(fields::code);
    }

    KeyOrder(ToIntFunction<PlainJson> meaningOfKey) {
        this.meaningOfKey = meaningOfKey;
    }

    /**
     * Steps {@code json} to the next key of an object of this kind ({@code k} its position, 0 for
     * the first), trying the one expected there first; false at the object's end.
     */
    boolean next(PlainJson json, int k) {
        if (!json.nextKey(k == 0, k < keys.length ? keys[k] : null)) {
            return false;
        }
        if (!json.hinted()) {
            seen(k, json);
        }
        return true;
    }

    /** Remembers the cursor's current key as the one at position {@code k}. */
    private void seen(int k, PlainJson json) {
        if (k >= keys.length) {
            int size = Math.max(k + 1, keys.length * 2);
            keys = Arrays.copyOf(keys, size);
            int[] more = unknowns(size);
            System.arraycopy(meanings, 0, more, 0, meanings.length);
            meanings = more;
        }
        keys[k] = json.quotedKey();
        meanings[k] = UNKNOWN;
    }

    /**
     * What the reader makes of the key at position {@code k} (after {@link #next}): remembered
     * from an earlier line while the key there is the same, else worked out now.
     */
    int meaning(int k, PlainJson json) {
        if (meanings[k] == UNKNOWN) {
            meanings[k] = meaningOfKey.applyAsInt(json);
        }
        return meanings[k];
    }

    private static int[] unknowns(int size) {
        int[] m = new int[size];
        Arrays.fill(m, UNKNOWN);
        return m;
    }
}
