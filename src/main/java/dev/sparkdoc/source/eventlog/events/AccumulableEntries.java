package dev.sparkdoc.source.eventlog.events;

import static dev.sparkdoc.source.eventlog.events.TaskFields.ACCUMULABLE;
import static dev.sparkdoc.source.eventlog.events.TaskFields.ACCUMULABLE_ID;
import static dev.sparkdoc.source.eventlog.events.TaskFields.ACCUMULABLE_UPDATE;

import java.nio.charset.StandardCharsets;
import java.util.function.LongPredicate;

/**
 * The "Accumulables" array of a task line's Task Info, for {@link TaskLineScan}: each entry read
 * as JsonProtocol writes it, {@code {"ID":n,"Name":"…","Update":v,"Value":v,"Internal":b,
 * "Count Failed Values":b[,"Metadata":"…"]}}, its keys compared in one go with their quotes,
 * commas and colons, only the values scanned; an entry of any other shape is read key by key.
 */
final class AccumulableEntries {

    // an entry as JsonProtocol writes it, between its values ("Name", "Value" and the rest are not read)
    private static final byte[] ENTRY_ID = ascii("{\"" + ACCUMULABLE.name(ACCUMULABLE_ID) + "\":");
    private static final byte[] ENTRY_NAME = ascii(",\"Name\":");
    private static final byte[] ENTRY_UPDATE = ascii(",\"" + ACCUMULABLE.name(ACCUMULABLE_UPDATE) + "\":");
    private static final byte[] ENTRY_VALUE = ascii(",\"Value\":");
    private static final byte[] ENTRY_INTERNAL = ascii(",\"Internal\":");
    private static final byte[] ENTRY_COUNT_FAILED = ascii(",\"Count Failed Values\":");
    private static final byte[] ENTRY_METADATA = ascii(",\"Metadata\":");
    private static final byte[] ENTRY_END = ascii("}");

    private final PlainJson json;
    private final LongPredicate wantedAccumulator;
    private final KeyOrder entryKeys = new KeyOrder(ACCUMULABLE);

    AccumulableEntries(PlainJson json, LongPredicate wantedAccumulator) {
        this.json = json;
        this.wantedAccumulator = wantedAccumulator;
    }

    /**
     * The "Accumulables" of Task Info: about two thirds of a Spark 3/4 task end's bytes, mostly
     * {@code internal.metrics.*} copies of "Task Metrics". Only the wanted (SQL plan metric) ids'
     * "Update" is read, a number or a number in a string; JsonProtocol writes "ID" first.
     */
    void read(TaskEvent e) {
        json.openArray();
        for (boolean first = true; json.nextElement(first); first = false) {
            int start = json.mark();
            if (!entryAsWritten(e)) {
                json.backTo(start);
                entry(e);
            }
        }
    }

    /**
     * One accumulable entry read as JsonProtocol writes it, keys compared in one go with their
     * quotes, commas and colons: {@code {"ID":n,"Name":"…","Update":v,"Value":v,"Internal":b,
     * "Count Failed Values":b[,"Metadata":"…"]}}. False (the cursor anywhere in the entry, the
     * line perhaps marked not plain) for any other shape, which {@link #entry} then reads key by
     * key and accepts or refuses.
     */
    private boolean entryAsWritten(TaskEvent e) {
        if (!json.follows(ENTRY_ID)) {
            return false;
        }
        long id = json.integer();
        if (!json.follows(ENTRY_NAME)) {
            return false;
        }
        json.skipString();
        if (!json.follows(ENTRY_UPDATE)) {
            return false;
        }
        boolean wanted = id >= 0 && wantedAccumulator.test(id);
        long update = 0;
        if (wanted) {
            update = json.integerOrQuoted();
        } else {
            json.skipScalar();
        }
        if (!json.follows(ENTRY_VALUE)) {
            return false;
        }
        json.skipScalar();
        if (!json.follows(ENTRY_INTERNAL)) {
            return false;
        }
        json.bool();
        if (!json.follows(ENTRY_COUNT_FAILED)) {
            return false;
        }
        json.bool();
        if (json.follows(ENTRY_METADATA)) {
            json.skipString();
        }
        if (!json.follows(ENTRY_END)) {
            return false;
        }
        if (wanted) {
            e.addAccumulable(id, update);
        }
        return true;
    }

    /** One accumulable entry in any key order: only a wanted (SQL plan metric) id's "Update" is read. */
    private void entry(TaskEvent e) {
        json.open();
        if (!entryKeys.next(json, 0) || entryKeys.meaning(0, json) != ACCUMULABLE_ID) {
            json.notPlain();
            return;
        }
        long id = json.integer();
        boolean wanted = id >= 0 && wantedAccumulator.test(id);
        long update = 0;
        boolean hasUpdate = false;
        for (int k = 1; entryKeys.next(json, k); k++) {
            int field = entryKeys.meaning(k, json);
            if (field == ACCUMULABLE_ID) {
                json.notPlain();
                return;
            }
            if (wanted && field == ACCUMULABLE_UPDATE) {
                update = json.integerOrQuoted();
                hasUpdate = true;
            } else {
                json.skip();
            }
        }
        if (hasUpdate) {
            e.addAccumulable(id, update);
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
