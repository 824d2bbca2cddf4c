package dev.sparkdoc.source.eventlog;

import java.nio.charset.StandardCharsets;

/** JSON's string escapes over raw bytes: checked as Jackson checks them, decoded as it decodes them. */
final class JsonStrings {

    private JsonStrings() {
    }

    /**
     * The length of the escape starting at {@code b[q]} (a backslash) within {@code b[0, end)}:
     * 2 for {@code \" \\ \/ \b \f \n \r \t}, 6 for {@code \\uXXXX}; -1 for anything else.
     */
    static int escapeLength(byte[] b, int q, int end) {
        if (q + 1 >= end) {
            return -1;
        }
        switch (b[q + 1]) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {
                return 2;
            }
            case 'u' -> {
                if (q + 5 >= end) {
                    return -1;
                }
                for (int h = q + 2; h < q + 6; h++) {
                    if (Character.digit(b[h], 16) < 0) {
                        return -1;
                    }
                }
                return 6;
            }
            default -> {
                return -1;
            }
        }
    }

    /** The text of {@code b[from, to)}: ASCII whose escapes {@link #escapeLength} accepted. */
    static String decode(byte[] b, int from, int to) {
        int bs = indexOf(b, (byte) '\\', from, to);
        if (bs < 0) {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
        StringBuilder out = new StringBuilder(to - from);
        while (bs >= 0) {
            out.append(new String(b, from, bs - from, StandardCharsets.ISO_8859_1));
            byte e = b[bs + 1];
            if (e == 'u') {
                // a lone surrogate stays one char, as Jackson leaves it
                out.append((char) Integer.parseInt(new String(b, bs + 2, 4, StandardCharsets.ISO_8859_1), 16));
                from = bs + 6;
            } else {
                out.append(switch (e) {
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    default -> (char) e;
                });
                from = bs + 2;
            }
            bs = indexOf(b, (byte) '\\', from, to);
        }
        out.append(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
        return out.toString();
    }

    private static int indexOf(byte[] b, byte c, int from, int to) {
        for (int k = from; k < to; k++) {
            if (b[k] == c) {
                return k;
            }
        }
        return -1;
    }
}
