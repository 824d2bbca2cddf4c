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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BiConsumer;

/**
 * Reads a large log on two cores and more: one thread reads the segments in order (a rolling
 * log's files, or parts of a plain file), decompressing and cutting them into chunks of lines;
 * {@link #PARSERS} threads parse the chunks (JSON, the task events' fields), any chunk on any
 * thread; the calling thread folds the parsed chunks in log order, so the snapshot is the one
 * {@link EventLogReader} alone builds. Folding is cheap next to parsing, which is where the time
 * goes. Chunks are small and at most {@value #CHUNKS_AHEAD} wait for the folder, so memory stays
 * bounded whatever the size of a segment and the reading never waits for one segment to be
 * folded before the next is parsed.
 */
final class ParallelReader {

    static final int PARSERS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    /** About 170 task-end lines: enough to share out, small enough to keep few in memory. */
    static final int CHUNK_BYTES = 1 << 20;
    static final int CHUNKS_AHEAD = 8;

    private final EventLogReader reader;
    private final int chunkBytes;
    /** Folded task events go back to the parsers: a task event is 1.5 KB of arrays, 300k a log. */
    private final BlockingQueue<TaskEvent> spareTasks = new ArrayBlockingQueue<>(CHUNKS_AHEAD * 1024);
    /** Folded chunks' buffers go back to the reading thread: fewer young collections copying live chunks. */
    private final BlockingQueue<byte[]> spareBuffers = new ArrayBlockingQueue<>(CHUNKS_AHEAD + PARSERS + 2);

    ParallelReader(EventLogReader reader) {
        this(reader, CHUNK_BYTES);
    }

    /** For tests: chunks of about {@code chunkBytes}, to cut even a small log into many. */
    ParallelReader(EventLogReader reader, int chunkBytes) {
        this.reader = reader;
        this.chunkBytes = chunkBytes;
    }

    /**
     * @param segmentEnded called after each segment with its stream error (null when none), on the
     *                     calling thread
     */
    void read(List<Segment> segments, BiConsumer<Segment, String> segmentEnded) {
        ExecutorService pool = Executors.newFixedThreadPool(PARSERS + 1, r -> {
            Thread t = new Thread(r, "sparkdoc-eventlog");
            t.setDaemon(true);
            return t;
        });
        try {
            BlockingQueue<LineChunk> inOrder = new ArrayBlockingQueue<>(CHUNKS_AHEAD);
            BlockingQueue<LineChunk> toParse = new LinkedBlockingQueue<>();
            pool.execute(() -> split(segments, inOrder, toParse));
            for (int i = 0; i < PARSERS; i++) {
                pool.execute(() -> parseChunks(toParse));
            }
            int ended = 0;
            while (ended < segments.size()) {
                LineChunk chunk = take(inOrder);
                fold(chunk, await(chunk));
                if (chunk.bytes().length == chunkBytes) {
                    spareBuffers.offer(chunk.bytes());
                }
                if (chunk.segmentEnd) {
                    segmentEnded(chunk, segmentEnded);
                    ended++;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static LineChunk take(BlockingQueue<LineChunk> queue) {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the event log", e);
        }
    }

    private static List<Item> await(LineChunk chunk) {
        try {
            return chunk.parsed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + chunk.segment.file(), e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    private void fold(LineChunk chunk, List<Item> items) {
        EventFolders folders = reader.folders;
        for (Item item : items) {
            reader.lines++;
            switch (item.kind) {
                case TASK -> {
                    item.task.retainAccumulables(folders.sql.accumulators::isRegistered);
                    reader.task(item.task);
                    spareTasks.offer(item.task);
                }
                case EVENT -> reader.event(item.text, item.tree);
                case NOT_JSON, SKIPPED -> {
                    if (item.kind == Kind.NOT_JSON && folders.knownEvents == 0 && folders.unknownEvents == 0) {
                        throw EventLogReader.notAnEventLog(chunk.segment.file(), item.text);
                    }
                    reader.skippedLines++;
                    reader.lastLineCut |= item.cut;
                }
            }
        }
    }

    private void segmentEnded(LineChunk end, BiConsumer<Segment, String> segmentEnded) {
        Exception error = end.error;
        if (error instanceof SourceException unreadable) {
            throw unreadable;
        }
        if (error != null) {
            if (reader.folders.knownEvents == 0 && reader.lines == 0) {
                throw new SourceException(
                        EventLogReader.unreadable(end.segment.file(), end.segment.codec(), error), error);
            }
            if (end.pendingBytes) {
                reader.skippedLines++;
            }
        }
        segmentEnded.accept(end.segment, error == null ? null : EventLogReader.message(error));
    }

    /** The reading thread: decompresses the segments in order and cuts them into chunks. */
    private void split(List<Segment> segments, BlockingQueue<LineChunk> inOrder, BlockingQueue<LineChunk> toParse) {
        try {
            for (Segment segment : segments) {
                LineChunk chunk = newChunk(segment);
                try (InputStream in = segment.open()) {
                    LineReader lines = new LineReader(in);
                    while (true) {
                        boolean hasLine;
                        try {
                            hasLine = lines.next();
                        } catch (IOException | RuntimeException e) {
                            chunk.error = e;
                            chunk.pendingBytes = lines.hasPendingBytes();
                            break;
                        }
                        if (!hasLine) {
                            break;
                        }
                        chunk.add(lines.buffer(), lines.lineStart(), lines.lineLength(), lines.lineUnterminated());
                        if (chunk.isFull()) {
                            hand(chunk, inOrder, toParse);
                            chunk = newChunk(segment);
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    chunk.error = e;
                }
                chunk.segmentEnd = true;
                hand(chunk, inOrder, toParse);
            }
        } catch (InterruptedException stop) {
            // the reading was given up (an error in an earlier segment): nothing left to do
        }
    }

    private LineChunk newChunk(Segment segment) {
        byte[] spare = spareBuffers.poll();
        return new LineChunk(segment, chunkBytes, spare != null ? spare : new byte[chunkBytes]);
    }

    private static void hand(LineChunk chunk, BlockingQueue<LineChunk> inOrder, BlockingQueue<LineChunk> toParse)
            throws InterruptedException {
        inOrder.put(chunk);
        toParse.put(chunk);
    }

    /** A parsing thread: its own parser; a task object per event (they wait to be folded), reused once folded. */
    private void parseChunks(BlockingQueue<LineChunk> toParse) {
        Parser parser = new Parser(spareTasks, new LineParser(new TaskEventParser(reader.folders.metricNames, id -> true)));
        try {
            while (true) {
                LineChunk chunk = toParse.take();
                try {
                    chunk.parsed.complete(parser.parse(chunk));
                } catch (RuntimeException | Error e) {
                    chunk.parsed.completeExceptionally(e);
                }
            }
        } catch (InterruptedException stop) {
            // the reading is over
        }
    }

    private static final class Parser implements LineParser.Sink {
        private final BlockingQueue<TaskEvent> spareTasks;
        private final LineParser parser;
        private List<Item> items;

        Parser(BlockingQueue<TaskEvent> spareTasks, LineParser parser) {
            this.spareTasks = spareTasks;
            this.parser = parser;
        }

        List<Item> parse(LineChunk chunk) {
            items = new ArrayList<>(chunk.lines());
            byte[] buf = chunk.bytes();
            for (int i = 0; i < chunk.lines(); i++) {
                int off = chunk.start(i);
                int len = chunk.length(i);
                int first = LineParser.firstNonBlank(buf, off, len);
                if (first < 0) {
                    continue;
                }
                if (buf[first] != '{') {
                    items.add(Item.notJson(chunk.peek(i, 60), chunk.cut(i)));
                    continue;
                }
                int before = items.size();
                try {
                    parser.parse(buf, off, len, this);
                } catch (IOException | RuntimeException e) {
                    items.subList(before, items.size()).clear();
                    items.add(Item.skipped(chunk.cut(i)));
                }
            }
            return items;
        }

        @Override
        public TaskEvent taskEvent() {
            TaskEvent spare = spareTasks.poll();
            return spare != null ? spare : new TaskEvent();
        }

        @Override
        public void task(TaskEvent e) {
            items.add(Item.task(e));
        }

        @Override
        public void event(String type, JsonNode tree) {
            items.add(Item.event(type, tree));
        }
    }

    enum Kind { TASK, EVENT, NOT_JSON, SKIPPED }

    /** One parsed line, handed from a parsing thread to the folder. */
    static final class Item {
        final Kind kind;
        TaskEvent task;
        JsonNode tree;
        /** the event type, or the start of a line that is no JSON */
        String text;
        boolean cut;

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
    }
}
