package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;

/**
 * Reads a large log on every core: parsing (decompression, JSON, the task events' fields) runs on
 * {@link #THREADS} threads, one {@link Segment} each (a rolling log's files, or parts of a plain
 * file), while the calling thread folds the parsed events in log order, so the snapshot is the
 * one {@link EventLogReader} alone builds. Folding is cheap next to parsing, which is where the
 * time goes. Memory stays bounded: each segment hands over at most {@value #QUEUED_BATCHES}
 * batches of {@value #BATCH} events before its thread waits.
 */
final class ParallelReader {

    static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    static final int BATCH = 256;
    static final int QUEUED_BATCHES = 4;

    private final EventLogReader reader;

    ParallelReader(EventLogReader reader) {
        this.reader = reader;
    }

    /**
     * @param segmentEnded called after each segment with its stream error (null when none), on the
     *                     calling thread
     */
    void read(List<Segment> segments, BiConsumer<Segment, String> segmentEnded) {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "sparkdoc-eventlog");
            t.setDaemon(true);
            return t;
        });
        try {
            List<BlockingQueue<List<Item>>> queues = new ArrayList<>();
            for (Segment segment : segments) {
                BlockingQueue<List<Item>> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
                queues.add(queue);
                pool.execute(() -> produce(segment, queue));
            }
            for (int i = 0; i < segments.size(); i++) {
                consume(segments.get(i), queues.get(i), segmentEnded);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void consume(Segment segment, BlockingQueue<List<Item>> queue, BiConsumer<Segment, String> segmentEnded) {
        EventFolders folders = reader.folders;
        while (true) {
            List<Item> batch;
            try {
                batch = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading " + segment.file(), e);
            }
            for (Item item : batch) {
                switch (item.kind) {
                    case TASK -> {
                        reader.lines++;
                        item.task.retainAccumulables(folders.sql.accumulators::isRegistered);
                        reader.task(item.task);
                    }
                    case EVENT -> {
                        reader.lines++;
                        reader.event(item.text, item.tree);
                    }
                    case NOT_JSON, SKIPPED -> {
                        if (item.kind == Kind.NOT_JSON && folders.knownEvents == 0 && folders.unknownEvents == 0) {
                            throw EventLogReader.notAnEventLog(segment.file(), item.text);
                        }
                        reader.lines++;
                        reader.skippedLines++;
                        reader.lastLineCut |= item.cut;
                    }
                    case END -> {
                        if (item.error != null) {
                            if (folders.knownEvents == 0 && reader.lines == 0) {
                                throw new SourceException(
                                        EventLogReader.unreadable(segment.file(), segment.codec(), item.error), item.error);
                            }
                            if (item.cut) {
                                reader.skippedLines++;
                            }
                        }
                        segmentEnded.accept(segment, item.error == null ? null : EventLogReader.message(item.error));
                        return;
                    }
                }
            }
        }
    }

    private void produce(Segment segment, BlockingQueue<List<Item>> queue) {
        Producer p = new Producer(queue, new LineParser(new TaskEventParser(reader.folders.metricNames, id -> true)));
        try {
            try (InputStream in = segment.open()) {
                LineReader lines = new LineReader(in);
                while (true) {
                    boolean hasLine;
                    try {
                        hasLine = lines.next();
                    } catch (IOException | RuntimeException e) {
                        p.add(Item.end(e, lines.hasPendingBytes()));
                        p.flush();
                        return;
                    }
                    if (!hasLine) {
                        break;
                    }
                    p.line(lines);
                }
            } catch (IOException | RuntimeException e) {
                p.add(Item.end(e, false));
                p.flush();
                return;
            }
            p.add(Item.end(null, false));
            p.flush();
        } catch (InterruptedException stop) {
            // the reading was given up (an error in an earlier segment): nothing left to do
        }
    }

    /** One thread's parsing into batches; its own parser, fresh task objects per event. */
    private static final class Producer implements LineParser.Sink {
        private final BlockingQueue<List<Item>> queue;
        private final LineParser parser;
        private List<Item> batch = new ArrayList<>(BATCH);

        Producer(BlockingQueue<List<Item>> queue, LineParser parser) {
            this.queue = queue;
            this.parser = parser;
        }

        void line(LineReader lines) throws InterruptedException {
            byte[] buf = lines.buffer();
            int off = lines.lineStart();
            int len = lines.lineLength();
            int first = LineParser.firstNonBlank(buf, off, len);
            if (first < 0) {
                return;
            }
            if (buf[first] != '{') {
                add(Item.notJson(lines.peek(60), lines.lineUnterminated()));
                return;
            }
            try {
                parser.parse(buf, off, len, this);
            } catch (IOException | RuntimeException e) {
                batch.add(Item.skipped(lines.lineUnterminated()));
            }
            if (batch.size() >= BATCH) {
                flush();
            }
        }

        @Override
        public TaskEvent taskEvent() {
            return new TaskEvent();
        }

        @Override
        public void task(TaskEvent e) {
            batch.add(Item.task(e));
        }

        @Override
        public void event(String type, JsonNode tree) {
            batch.add(Item.event(type, tree));
        }

        void add(Item item) throws InterruptedException {
            batch.add(item);
            if (batch.size() >= BATCH) {
                flush();
            }
        }

        void flush() throws InterruptedException {
            queue.put(batch);
            batch = new ArrayList<>(BATCH);
        }
    }

    private enum Kind { TASK, EVENT, NOT_JSON, SKIPPED, END }

    /** One parsed line (or the end of a segment), handed from a parsing thread to the folder. */
    private static final class Item {
        final Kind kind;
        TaskEvent task;
        JsonNode tree;
        /** the event type, or the start of a line that is no JSON */
        String text;
        boolean cut;
        Exception error;

        private Item(Kind kind) {
            this.kind = kind;
        }

        static Item task(TaskEvent e) {
            Item i = new Item(Kind.TASK);
            i.task = e;
            return i;
        }

        static Item event(String type, JsonNode tree) {
            Item i = new Item(Kind.EVENT);
            i.text = type;
            i.tree = tree;
            return i;
        }

        static Item notJson(String start, boolean cut) {
            Item i = new Item(Kind.NOT_JSON);
            i.text = start;
            i.cut = cut;
            return i;
        }

        static Item skipped(boolean cut) {
            Item i = new Item(Kind.SKIPPED);
            i.cut = cut;
            return i;
        }

        static Item end(Exception error, boolean pendingBytes) {
            Item i = new Item(Kind.END);
            i.error = error;
            i.cut = pendingBytes;
            return i;
        }
    }
}
