package dev.sparkdoc.source;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crashes {@code fuzz.EventLogFuzzTest} found in the event-log reader, kept apart from its seeds so the
 * fuzz test's regression run stays green while the reader is being rewritten. Each input is the
 * fuzzer's file: the event-log bytes, then the "frame" flag byte and the codec index byte.
 * The snappy one was an Error escaping LineReader.fill; codec errors are now a broken stream.
 */
class EventLogCrashRegressionTest {

    private static final Path CRASHES = Path.of("src/test/resources/dev/sparkdoc/fuzz/crashes");

    @TempDir
    Path dir;

    @Test
    void aSnappyFrameWithANegativeChunkSizeIsASourceException() throws IOException {
        Path log = fuzzerFile("eventlog-snappy-negative-chunk-size", "snappy");

        assertThatThrownBy(() -> new EventLogSource(log).read()).isInstanceOf(SourceException.class);
    }

    /** The fuzz input as the file EventLogFuzzTest wrote: framing bytes as they are (flag byte 1). */
    private Path fuzzerFile(String crash, String codec) throws IOException {
        byte[] input = Files.readAllBytes(CRASHES.resolve(crash));
        byte[] body = Arrays.copyOf(input, input.length - 2);
        return Files.write(dir.resolve("app-20261129101500-0003." + codec), body);
    }
}
