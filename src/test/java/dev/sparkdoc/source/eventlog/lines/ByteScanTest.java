package dev.sparkdoc.source.eventlog.lines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-at-a-time searches find exactly what a byte-by-byte loop finds. */
class ByteScanTest {

    /** Bytes around the searched ones and with the high bit set, where the bit trick could slip. */
    private static final byte[] ALPHABET = {'\n', '\t', 0x0b, 0x09, '"', '\\', '!', '#', '[', ']', 0x5b, 0x5d, 0, 1,
            (byte) 0x80, (byte) 0x8a, (byte) 0xa2, (byte) 0xdc, (byte) 0xff, 'a', 'x', ' '};

    @Test
    void randomArraysAgreeWithTheNaiveSearchAtEveryOffset() {
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            byte[] b = new byte[1 + random.nextInt(40)];
            int density = 1 + random.nextInt(12);
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextInt(density) == 0 ? ALPHABET[random.nextInt(6)] : ALPHABET[6 + random.nextInt(ALPHABET.length - 6)];
            }
            for (int from = 0; from <= b.length; from++) {
                for (int to = from; to <= b.length; to += 1 + random.nextInt(3)) {
                    assertThat(ByteScan.newline(b, from, to)).isEqualTo(naive(b, from, to, '\n', '\n'));
                    assertThat(ByteScan.plainStringEnd(b, from, to)).isEqualTo(naivePlainEnd(b, from, to));
                }
            }
        }
    }

    private static int naivePlainEnd(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '"' || b[i] == '\\' || (b[i] & 0xff) < 0x20 || (b[i] & 0xff) >= 0x80) {
                return i;
            }
        }
        return -1;
    }

    private static int naive(byte[] b, int from, int to, char c1, char c2) {
        for (int i = from; i < to; i++) {
            if (b[i] == c1 || b[i] == c2) {
                return i;
            }
        }
        return -1;
    }
}
