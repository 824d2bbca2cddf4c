package dev.sparkdoc.source.eventlog.lines;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Lines as byte ranges, and lines over the bound streamed past with only their ends kept. */
class LineReaderTest {

    @Test
    void splitsLinesAndDropsCarriageReturns() throws IOException {
        LineReader r = new LineReader(stream("{\"a\":1}\r\n{\"b\":2}\n{\"c\""), 1024);

        assertThat(lines(r)).containsExactly("{\"a\":1}", "{\"b\":2}", "{\"c\"");
        assertThat(r.lineUnterminated()).isTrue();
    }

    @Test
    void lineOverTheBoundIsSkippedToItsNewlineKeepingItsEnds() throws IOException {
        String huge = "{\"Event\":\"Big\",\"x\":\"" + "y".repeat(300_000) + "\",\"time\":42}";
        LineReader r = new LineReader(stream("{\"a\":1}\n" + huge + "\n{\"b\":2}\n"), 10_000);

        assertThat(r.next()).isTrue();
        assertThat(r.lineOversized()).isFalse();
        assertThat(r.next()).isTrue();
        assertThat(r.lineOversized()).isTrue();
        assertThat(r.oversizedLength()).isEqualTo(huge.length());
        // the head is what the buffer held when the bound was passed: more than the bound, at most KEPT_BYTES
        assertThat(text(r).startsWith("{\"Event\":\"Big\"")).isTrue();
        assertThat(r.lineLength()).isBetween(10_000, LineReader.KEPT_BYTES);
        String tail = new String(r.oversizedTail(), StandardCharsets.US_ASCII);
        assertThat(tail.endsWith("y\",\"time\":42}")).isTrue();
        assertThat(tail.length()).isEqualTo(LineReader.KEPT_BYTES);
        assertThat(r.next()).isTrue();
        assertThat(r.lineOversized()).isFalse();
        assertThat(text(r)).isEqualTo("{\"b\":2}");
        assertThat(r.next()).isFalse();
        assertThat(r.capacity()).isLessThanOrEqualTo(Math.max(1 << 16, 10_001));
    }

    @Test
    void memoryStaysAtTheBoundWhateverTheLineLength() throws IOException {
        long length = 50L << 20;
        InputStream endless = new InputStream() {
            long left = length;

            @Override
            public int read() {
                return left-- > 0 ? 'x' : left == -1 ? '\n' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return left-- == 0 ? put(b, off) : -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 'x');
                left -= n;
                return n;
            }

            private int put(byte[] b, int off) {
                b[off] = '\n';
                return 1;
            }
        };
        LineReader r = new LineReader(endless, 1 << 20);

        assertThat(r.next()).isTrue();
        assertThat(r.lineOversized()).isTrue();
        assertThat(r.oversizedLength()).isEqualTo(length);
        assertThat(r.lineUnterminated()).isFalse();
        assertThat(r.capacity()).isLessThanOrEqualTo((1 << 20) + 1);
        assertThat(r.next()).isFalse();
    }

    @Test
    void oversizedLastLineWithoutNewlineIsMarkedCut() throws IOException {
        LineReader r = new LineReader(stream("{\"a\":1}\n" + "z".repeat(5000)), 1000);

        r.next();
        assertThat(r.next()).isTrue();
        assertThat(r.lineOversized()).isTrue();
        assertThat(r.lineUnterminated()).isTrue();
        assertThat(r.oversizedLength()).isEqualTo(5000);
        assertThat(r.next()).isFalse();
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(LineReader r) {
        return new String(r.buffer(), r.lineStart(), r.lineLength(), StandardCharsets.UTF_8);
    }

    private static java.util.List<String> lines(LineReader r) throws IOException {
        java.util.List<String> out = new java.util.ArrayList<>();
        while (r.next()) {
            out.add(text(r));
        }
        return out;
    }
}
