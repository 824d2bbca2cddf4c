package dev.sparkdoc.report;

import java.util.Locale;
import org.jline.utils.WCWidth;

/**
 * What may reach a terminal. Application names, job descriptions, SQL text, failure messages,
 * hosts and command lines come from the application (and whoever wrote its code or data): an
 * escape sequence in them could move the cursor, rewrite lines, set the window title or write the
 * clipboard (OSC 52). Every text and TUI path runs foreign text through here; JSON and snapshot
 * files keep the original text (Jackson escapes control characters as {@code \\uXXXX}).
 *
 * <p>It sits in {@code report}, the output layer, not in {@code model}: the model must keep the
 * text as Spark reported it (JSON consumers and {@code diff} compare it), and only output decides
 * what a terminal may see. Display widths come from JLine's {@link WCWidth} (East Asian wide
 * characters and emoji take two columns, combining marks none).
 */
public final class SafeText {

    /** Shown in place of a control character, so people see that something was there. */
    public static final char REPLACEMENT = '?';

    /** Longest free text (a SQL description, a plan, a message) drawn or printed whole. */
    public static final int MAX_CHARS = 10_000;

    private SafeText() {
    }

    /**
     * Text with escape sequences removed and every other control character replaced; newlines
     * and tabs stay (reports wrap on them). Bidi overrides are removed: they reorder what people
     * read (CVE-2021-42574, "Trojan Source").
     */
    public static String clean(String text) {
        if (text == null) {
            return "";
        }
        if (isPlain(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == 0x1B) {
                i = skipEscape(text, i);
                continue;
            }
            if (c == 0x9B || c == 0x9D || c == 0x90 || c == 0x98 || c == 0x9E || c == 0x9F) {
                // the 8-bit forms of CSI, OSC, DCS, SOS, PM, APC: skip their whole sequence
                i = c == 0x9B ? skipCsi(text, i + 1) : skipString(text, i + 1);
                continue;
            }
            if (c == '\r') {
                // CRLF is a newline; a lone CR would return to column 0 and overwrite the line
                if (i + 1 < n && text.charAt(i + 1) == '\n') {
                    i++;
                    continue;
                }
                out.append(' ');
            } else if (c == '\n' || c == '\t') {
                out.append(c);
            } else if (c == '\u2028' || c == '\u2029') {
                out.append('\n');
            } else if (isBidiControl(c)) {
                // dropped
            } else if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F)) {
                out.append(REPLACEMENT);
            } else {
                out.append(c);
            }
            i++;
        }
        return out.toString();
    }

    /** {@link #clean} on one line: newlines and tabs become spaces. */
    public static String line(String text) {
        String c = clean(text);
        return c.indexOf('\n') < 0 && c.indexOf('\t') < 0 ? c : c.replace('\n', ' ').replace('\t', ' ');
    }

    /** Free text cut to {@link #MAX_CHARS} with a note saying how much was left out. */
    public static String capped(String text) {
        return capped(text, MAX_CHARS);
    }

    public static String capped(String text, int maxChars) {
        if (text == null || text.length() <= maxChars) {
            return text == null ? "" : text;
        }
        int cut = maxChars;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + String.format(Locale.ROOT, " … [cut: %,d more characters]", text.length() - cut);
    }

    /** Columns the text takes on a terminal (after {@link #line}; controls count as one). */
    public static int width(String text) {
        int w = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            w += width(cp);
            i += Character.charCount(cp);
        }
        return w;
    }

    /** Columns one code point takes: 0 (combining), 1, or 2 (wide). */
    public static int width(int codePoint) {
        int w = WCWidth.wcwidth(codePoint);
        return w < 0 ? 1 : w;
    }

    /** One line cut to {@code columns} display columns, ending with {@code …} when cut. */
    public static String fit(String text, int columns) {
        String flat = line(text);
        if (columns <= 0) {
            return "";
        }
        if (width(flat) <= columns) {
            return flat;
        }
        return prefix(flat, columns - 1) + '…';
    }

    /** One line padded with spaces or cut to exactly {@code columns} display columns. */
    public static String pad(String text, int columns, boolean right) {
        String f = fit(text, columns);
        String spaces = " ".repeat(Math.max(0, columns - width(f)));
        return right ? spaces + f : f + spaces;
    }

    /** The longest prefix that takes at most {@code columns} columns. */
    public static String prefix(String text, int columns) {
        int w = 0;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int cw = width(cp);
            if (w + cw > columns) {
                break;
            }
            w += cw;
            i += Character.charCount(cp);
        }
        return text.substring(0, i);
    }

    /**
     * The last guard before a line is printed: removes every escape sequence except the colour
     * (SGR, {@code ESC[…m}) ones sparkdoc's own {@link Theme} adds, and replaces control
     * characters. Foreign text has been cleaned before it was styled; this catches a path that
     * forgot to.
     */
    public static String terminalLine(String line, boolean keepColour) {
        if (isPlain(line)) {
            return line;
        }
        if (!keepColour) {
            return line(line);
        }
        StringBuilder out = new StringBuilder(line.length());
        int from = 0;
        var m = SGR.matcher(line);
        while (m.find()) {
            out.append(line(line.substring(from, m.start()))).append(m.group());
            from = m.end();
        }
        return out.append(line(line.substring(from))).toString();
    }

    private static final java.util.regex.Pattern SGR = java.util.regex.Pattern.compile("\u001B\\[[0-9;]*m");

    private static boolean isPlain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || isBidiControl(c) || c == '\u2028' || c == '\u2029') {
                return false;
            }
        }
        return true;
    }

    private static boolean isBidiControl(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069')
                || c == '\u200E' || c == '\u200F' || c == '\u061C';
    }

    /** Index after the escape sequence starting at {@code i} (ECMA-48). */
    private static int skipEscape(String s, int i) {
        if (i + 1 >= s.length()) {
            return i + 1;
        }
        char next = s.charAt(i + 1);
        return switch (next) {
            case '[' -> skipCsi(s, i + 2);
            case ']', 'P', 'X', '^', '_' -> skipString(s, i + 2);
            default -> {
                // ESC + intermediates (0x20-0x2F) + one final byte, e.g. "ESC ( B", "ESC c"
                int j = i + 1;
                while (j < s.length() && s.charAt(j) >= 0x20 && s.charAt(j) <= 0x2F) {
                    j++;
                }
                yield Math.min(s.length(), j + 1);
            }
        };
    }

    /** CSI: parameter and intermediate bytes, then one final byte in 0x40-0x7E. */
    private static int skipCsi(String s, int j) {
        while (j < s.length()) {
            char c = s.charAt(j++);
            if (c >= 0x40 && c <= 0x7E) {
                return j;
            }
            if (c < 0x20 || c > 0x7E) {
                // not a CSI after all: let the caller judge this character
                return j - 1;
            }
        }
        return j;
    }

    /** OSC/DCS/SOS/PM/APC: up to BEL, ESC \ or the 8-bit ST (0x9C); all of it if unterminated. */
    private static int skipString(String s, int j) {
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == 0x07 || c == 0x9C) {
                return j + 1;
            }
            if (c == 0x1B) {
                return j + 1 < s.length() && s.charAt(j + 1) == '\\' ? j + 2 : j;
            }
            j++;
        }
        return j;
    }
}
