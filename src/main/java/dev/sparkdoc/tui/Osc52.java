package dev.sparkdoc.tui;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The OSC 52 escape that asks the terminal to put text on the clipboard; it travels over SSH
 * and works in tmux with {@code set-clipboard on}. Terminals that do not support it ignore it,
 * which is why the copied text is always shown too.
 */
public final class Osc52 {

    private Osc52() {
    }

    public static byte[] sequence(String text) {
        String b64 = Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        return ("\u001b]52;c;" + b64 + "\u0007").getBytes(StandardCharsets.US_ASCII);
    }
}
