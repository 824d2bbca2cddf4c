package dev.sparkdoc.tui;

import com.googlecode.lanterna.input.KeyStroke;
import dev.sparkdoc.tui.KeyInput.Kind;
import java.util.Optional;

/** Lanterna's key strokes as {@link KeyInput}; keys sparkdoc has no use for are dropped. */
final class LanternaKeys {

    private LanternaKeys() {
    }

    static Optional<KeyInput> of(KeyStroke k) {
        Kind kind = switch (k.getKeyType()) {
            case Character -> Kind.CHAR;
            case ArrowUp -> Kind.UP;
            case ArrowDown -> Kind.DOWN;
            case ArrowLeft -> Kind.LEFT;
            case ArrowRight -> Kind.RIGHT;
            case PageUp -> Kind.PAGE_UP;
            case PageDown -> Kind.PAGE_DOWN;
            case Home -> Kind.HOME;
            case End -> Kind.END;
            case Enter -> Kind.ENTER;
            case Escape -> Kind.ESCAPE;
            case Tab -> Kind.TAB;
            case ReverseTab -> Kind.BACK_TAB;
            case Backspace -> Kind.BACKSPACE;
            default -> null;
        };
        if (kind == null) {
            return Optional.empty();
        }
        if (kind == Kind.CHAR) {
            return Optional.of(new KeyInput(Kind.CHAR, k.getCharacter(), k.isCtrlDown()));
        }
        return Optional.of(KeyInput.of(kind));
    }
}
