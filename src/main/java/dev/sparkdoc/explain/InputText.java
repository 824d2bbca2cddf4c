package dev.sparkdoc.explain;

import dev.sparkdoc.redact.Redaction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The text to explain, bounded and cleaned: at most {@link #MAX_BYTES} are read (the errors of a
 * driver log are found long before 20 MB, and a pasted log can be any size), terminal colours are
 * stripped (Jupyter and IPython print {@code ESC[0;31mPythonException ESC[0m}), line ends are
 * normalised and each line is cut at {@link #MAX_LINE_CHARS} so a minified blob cannot stall the
 * regexes. Secrets in it are hidden before anything reads it ({@link Redaction#text}, as every
 * source does with the application's text): a pasted log quotes JDBC URLs, passwords and bearer
 * tokens, and explain prints messages and frames as they were.
 */
public record InputText(String text, boolean truncated) {

    public static final int MAX_BYTES = 20 * 1024 * 1024;
    static final int MAX_LINE_CHARS = 64 * 1024;
    private static final Pattern ANSI = Pattern.compile(
            "\\u001B\\[[0-?]*[ -/]*[@-~]|\\u001B\\][^\\u0007\\u001B]*(?:\\u0007|\\u001B\\\\)|\\u001B[@-Z\\\\-_]");

    /** Reads a stream up to the limit; bytes that are not UTF-8 become replacement characters. */
    public static InputText read(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_BYTES + 1);
        boolean truncated = bytes.length > MAX_BYTES;
        int length = truncated ? MAX_BYTES : bytes.length;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return of(decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString(), truncated);
    }

    public static InputText of(String raw) {
        return of(raw, false);
    }

    private static InputText of(String raw, boolean truncated) {
        boolean cut = truncated || raw.length() > MAX_BYTES;
        String bounded = raw.length() > MAX_BYTES ? raw.substring(0, MAX_BYTES) : raw;
        String clean = ANSI.matcher(bounded).replaceAll("").replace("\r\n", "\n").replace('\r', '\n');
        return new InputText(Redaction.text(clean), cut);
    }

    List<String> lines() {
        List<String> out = new ArrayList<>();
        int from = 0;
        while (from <= text.length()) {
            int nl = text.indexOf('\n', from);
            int to = nl < 0 ? text.length() : nl;
            out.add(text.substring(from, Math.min(to, from + MAX_LINE_CHARS)));
            if (nl < 0) {
                break;
            }
            from = nl + 1;
        }
        return out;
    }
}
