package dev.sparkdoc.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;

/**
 * JSON that is safe to {@code cat}: Jackson escapes C0 controls (ESC, BEL, CR) by itself, and
 * this adds the C1 controls (U+0080–U+009F; U+009B is an 8-bit CSI to some terminals), DEL and
 * the bidi overrides, as {@code \\uXXXX}. The text stays exactly what the application said.
 */
final class TerminalSafeEscapes extends CharacterEscapes {

    private static final int[] ESCAPES;

    static {
        int[] e = standardAsciiEscapesForJSON();
        e[0x7F] = ESCAPE_STANDARD;
        ESCAPES = e;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ESCAPES;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        if ((ch >= 0x80 && ch <= 0x9F) || (ch >= 0x202A && ch <= 0x202E) || (ch >= 0x2066 && ch <= 0x2069)
                || ch == 0x200E || ch == 0x200F || ch == 0x061C || ch == 0x2028 || ch == 0x2029) {
            return new com.fasterxml.jackson.core.io.SerializedString(String.format("\\u%04X", ch));
        }
        return null;
    }
}
