package dev.sparkdoc.source.eventlog.fold;

import java.util.HashMap;
import java.util.Map;

/**
 * The task ids seen, one bit each. Spark numbers tasks 0, 1, 2 … per SparkContext, so the ids
 * of a log fill blocks densely: ten million tasks cost about 1.3 MB. Blocks keep stray ids (a
 * forged or damaged log) from costing more than a block each.
 */
final class TaskIdSet {

    private static final int BLOCK_BITS = 12;
    private static final int BLOCK_LONGS = (1 << BLOCK_BITS) / 64;

    private final Map<Long, long[]> blocks = new HashMap<>();
    /** Task ids arrive nearly in order: the last block used is usually the next one needed. */
    private long lastKey = -1;
    private long[] lastBlock;

    /** Adds the id; false when it was there already. */
    boolean add(long id) {
        long key = id >>> BLOCK_BITS;
        long[] block = key == lastKey ? lastBlock : blocks.computeIfAbsent(key, k -> new long[BLOCK_LONGS]);
        lastKey = key;
        lastBlock = block;
        int bit = (int) (id & ((1 << BLOCK_BITS) - 1));
        long mask = 1L << (bit & 63);
        boolean absent = (block[bit >>> 6] & mask) == 0;
        block[bit >>> 6] |= mask;
        return absent;
    }

    boolean contains(long id) {
        long[] block = blocks.get(id >>> BLOCK_BITS);
        int bit = (int) (id & ((1 << BLOCK_BITS) - 1));
        return block != null && (block[bit >>> 6] & (1L << (bit & 63))) != 0;
    }
}
