package dev.sparkdoc.source.eventlog.lines;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds bytes eight at a time (a long read from the array, and the "has a zero byte" bit trick on
 * it XOR the wanted byte), for the two searches that touch every byte of a log before any JSON
 * parsing: the newline at the end of each line, and the end of each string of a task line. The lowest flagged byte of a word is always a true match (a borrow only flags
 * bytes above one), so the first index found is exact.
 */
public final class ByteScan {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NEWLINES = '\n' * ONES;
    private static final long QUOTES = '"' * ONES;
    private static final long BACKSLASHES = '\\' * ONES;
    private static final long CONTROLS = 0x20 * ONES;

    private ByteScan() {
    }

    /** The first '\n' in {@code b[from, to)}, or -1. */
    static int newline(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long m = matches((long) LONGS.get(b, i), NEWLINES);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The first byte in {@code b[from, to)} that ends a plain string or leaves it: '"', '\\', a
     * control character (below 0x20, which JSON forbids unescaped) or a non-ASCII byte; -1 if none.
     */
    public static int plainStringEnd(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long m = matches(w, QUOTES) | matches(w, BACKSLASHES) | ((w - CONTROLS) & ~w & HIGHS) | (w & HIGHS);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte c = b[i];
            if (c == '"' || c == '\\' || c < 0x20) {
                return i;
            }
        }
        return -1;
    }

    private static long matches(long word, long pattern) {
        long x = word ^ pattern;
        return (x - ONES) & ~x & HIGHS;
    }
}
