package dev.sparkdoc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MicroBatchDescriptionTest {

    private static final String ID = "8f2c1a6e-41b2-4c7d-9e0f-0123456789ab";
    private static final String RUN = "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0";

    @Test
    void readsWhatMicroBatchExecutionWrites() {
        MicroBatchDescription b = MicroBatchDescription.parse("orders_stream\nid = " + ID + "\nrunId = " + RUN + "\nbatch = 4").orElseThrow();
        assertEquals(new MicroBatchDescription("orders_stream", ID, RUN, 4), b);
        assertEquals("orders_stream (micro-batch 4)", b.oneLine());
    }

    @Test
    void anUnnamedQueryIsKnownByItsIdsFirstBlock() {
        MicroBatchDescription b = MicroBatchDescription.parse("<no name>\r\nid = " + ID + "\r\nrunId = " + RUN + "\r\nbatch = 12\n").orElseThrow();
        assertEquals("", b.name());
        assertEquals("query 8f2c1a6e (micro-batch 12)", b.oneLine());
    }

    @Test
    void otherDescriptionsAreNotMicroBatches() {
        assertTrue(MicroBatchDescription.parse("count at Report.java:41").isEmpty());
        assertTrue(MicroBatchDescription.parse("q\nid = " + ID + "\nrunId = " + RUN + "\nbatch = 99999999999999999999").isEmpty());
        assertTrue(MicroBatchDescription.parse(null).isEmpty());
    }
}
