package dev.sparkdoc.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real event log (the skewed join, Spark 4.0.1) with hostile text put where applications put
 * their own: the application name, the job and SQL descriptions and the executor host. Each holds
 * terminal escape sequences (clear screen, cursor moves, an OSC 52 clipboard write, a window
 * title), bare control characters, C1 controls, a bidi override and double-width characters.
 */
public final class HostileLogs {

    public static final Path SOURCE = Path.of("src/test/resources/spark/eventlogs/skewed-join-plain/local-1795967353438");

    /** OSC 52 writes "rm -rf ~" (base64) to the clipboard of a terminal that allows it. */
    public static final String ESCAPES = "\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u001b[H\u001b]0;pwned\u001b\\\r\b\u0007\u009b31m\u0085\u202Egnp.exe";
    public static final String WIDE = "数据倾斜の結合テスト😀";

    public static final String APP_NAME = "evil app " + ESCAPES + " " + WIDE;
    public static final String DESCRIPTION = "SELECT * FROM t WHERE x = '" + ESCAPES + "' -- " + WIDE + " " + "pad ".repeat(30);
    public static final String HOST = "host" + ESCAPES + "ホスト";

    private HostileLogs() {
    }

    /** The log with {@code description} as its job and SQL description (e.g. a huge one). */
    public static Path withDescription(Path dir, String description) {
        try {
            String log = Files.readString(SOURCE)
                    .replace("\"description\":\"skewed join\"", "\"description\":" + json(description))
                    .replace("\"spark.job.description\":\"skewed join\"", "\"spark.job.description\":" + json(description));
            return Files.writeString(dir.resolve("local-1795967353438"), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The hostile log written into {@code dir}. */
    public static Path write(Path dir) {
        try {
            String log = Files.readString(SOURCE)
                    .replace("\"App Name\":\"sparkdoc example skewed-join-plain\"", "\"App Name\":" + json(APP_NAME))
                    .replace("\"description\":\"skewed join\"", "\"description\":" + json(DESCRIPTION))
                    .replace("\"spark.job.description\":\"skewed join\"", "\"spark.job.description\":" + json(DESCRIPTION))
                    .replace("\"Host\":\"localhost\"", "\"Host\":" + json(HOST));
            Path file = dir.resolve("local-1795967353438");
            Files.writeString(file, log);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The character classes that must never reach a terminal. */
    public static boolean hasControl(String text) {
        return text.chars().anyMatch(c -> (c < 0x20 && c != '\n') || (c >= 0x7F && c <= 0x9F)
                || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069));
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == '"' || c == '\\' || (c >= 0x7F && c <= 0x9F)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
