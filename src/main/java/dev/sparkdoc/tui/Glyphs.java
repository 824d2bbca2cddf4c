package dev.sparkdoc.tui;

import dev.sparkdoc.report.SafeText;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * The characters the screen is drawn with. A UTF-8 terminal gets box lines, the ellipsis, arrows
 * and block bars. A terminal whose locale is not UTF-8 ({@code LANG=C}) shows each of those as two
 * or three bytes of mojibake and shifts every column after them, so it gets ASCII instead:
 * {@code | - + ... ^ x} and bars of {@code # = .}; any other non-ASCII character (an application
 * name in Japanese) becomes one {@code ?} per column it took, so columns stay where they were.
 * {@link Frame} applies the set to everything written into it: views always write Unicode.
 */
public enum Glyphs {

    UNICODE("…", StandardCharsets.UTF_8),
    ASCII("...", StandardCharsets.US_ASCII);

    /** Our own glyphs and the typographic characters rule texts use, as ASCII of the same width (… is three dots). */
    private static final Map<Character, Character> TO_ASCII = Map.ofEntries(
            Map.entry('│', '|'), Map.entry('─', '-'), Map.entry('┌', '+'), Map.entry('┐', '+'),
            Map.entry('└', '+'), Map.entry('┘', '+'), Map.entry('▏', '|'),
            Map.entry('▲', '^'), Map.entry('▸', '>'), Map.entry('✗', 'x'), Map.entry('×', 'x'),
            Map.entry('÷', '/'), Map.entry('·', '-'), Map.entry('–', '-'), Map.entry('—', '-'), Map.entry('−', '-'),
            Map.entry('↑', '^'), Map.entry('↓', 'v'), Map.entry('←', '<'), Map.entry('→', '>'),
            Map.entry('‘', '\''), Map.entry('’', '\''), Map.entry('“', '"'), Map.entry('”', '"'),
            // progress: done, running, pending
            Map.entry('▒', '='), Map.entry('░', '.'),
            // the eight bar heights, low to high (█ is also "done" in a progress bar)
            Map.entry('▁', '_'), Map.entry('▂', '.'), Map.entry('▃', ':'), Map.entry('▄', '-'),
            Map.entry('▅', '='), Map.entry('▆', '+'), Map.entry('▇', '*'), Map.entry('█', '#'));

    private final String ellipsis;
    private final Charset charset;

    Glyphs(String ellipsis, Charset charset) {
        this.ellipsis = ellipsis;
        this.charset = charset;
    }

    /**
     * The set for the locale in the environment, read as libc does: the first of LC_ALL, LC_CTYPE
     * and LANG that is set and not empty names it, none means "C"; only a UTF-8 codeset
     * ("en_US.UTF-8", "C.utf8", "de_DE.UTF-8@euro") gets Unicode.
     */
    public static Glyphs forLocale(Map<String, String> env) {
        for (String name : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
            String value = env.get(name);
            if (value != null && !value.isEmpty()) {
                return isUtf8(value) ? UNICODE : ASCII;
            }
        }
        return ASCII;
    }

    private static boolean isUtf8(String locale) {
        int dot = locale.indexOf('.');
        if (dot < 0) {
            return false;
        }
        int at = locale.indexOf('@', dot);
        String codeset = locale.substring(dot + 1, at < 0 ? locale.length() : at).toLowerCase(Locale.ROOT);
        return codeset.equals("utf-8") || codeset.equals("utf8");
    }

    /** What the terminal is written in. */
    public Charset charset() {
        return charset;
    }

    public String ellipsis() {
        return ellipsis;
    }

    /** One line of foreign text, cleaned ({@link SafeText}) and in this set's characters. */
    String line(String text) {
        String flat = SafeText.line(SafeText.capped(text));
        return this == UNICODE || isAscii(flat) ? flat : toAscii(flat);
    }

    /** {@link #line} cut to {@code room} display columns, ending with the ellipsis when it was longer. */
    String fit(String text, int room) {
        String flat = line(text);
        if (room <= 0) {
            return "";
        }
        if (SafeText.width(flat) <= room) {
            return flat;
        }
        int marker = SafeText.width(ellipsis);
        if (room <= marker) {
            return ellipsis.substring(0, room);
        }
        return SafeText.prefix(flat, room - marker) + ellipsis;
    }

    /** {@link #fit}, padded with spaces to exactly {@code room} columns, right-aligned when asked. */
    String pad(String text, int room, boolean right) {
        String f = fit(text, room);
        String spaces = " ".repeat(Math.max(0, room - SafeText.width(f)));
        return right ? spaces + f : f + spaces;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0x7E) {
                return false;
            }
        }
        return true;
    }

    private static String toAscii(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp <= 0x7E) {
                b.append((char) cp);
            } else if (cp == '…') {
                b.append("...");
            } else if (cp <= 0xFFFF && TO_ASCII.containsKey((char) cp)) {
                b.append(TO_ASCII.get((char) cp));
            } else {
                b.append("?".repeat(SafeText.width(cp)));
            }
        }
        return b.toString();
    }
}
