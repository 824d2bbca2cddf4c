package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.nio.file.Path;

/**
 * Event logs, cut off, corrupted or forged, in every codec: a snapshot or a
 * {@link SourceException}. Two shapes per codec: fuzzed bytes in the codec's framing (a damaged
 * compressed file) and fuzzed events compressed correctly (a damaged application).
 */
class EventLogFuzzTest {

    private static final String[] CODECS = {"", "lz4", "lzf", "snappy", "zstd"};

    @FuzzTest(maxDuration = "5m")
    void anyEventLogReadsOrFailsWithASourceException(FuzzedDataProvider data) {
        read(data);
    }

    /** Also the body of {@link OversizedLineFuzzTest}. */
    static void read(FuzzedDataProvider data) {
        String codec = data.pickValue(CODECS);
        boolean frame = data.consumeBoolean();
        byte[] body = data.consumeRemainingAsBytes();
        if (body.length > FuzzFiles.MAX_BYTES) {
            return;
        }
        byte[] file = frame ? body : FuzzFiles.compress(codec, body);
        Path dir = FuzzFiles.dir();
        try {
            String name = "app-20261129101500-0003" + (codec.isEmpty() ? "" : "." + codec);
            new EventLogSource(FuzzFiles.write(dir, name, file)).read();
        } catch (SourceException expected) {
            // the one failure a damaged log may cause
        } finally {
            FuzzFiles.delete(dir);
        }
    }
}
