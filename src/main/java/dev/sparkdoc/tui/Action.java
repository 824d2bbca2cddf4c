package dev.sparkdoc.tui;

import dev.sparkdoc.tui.KeyInput.Kind;
import java.util.List;
import java.util.Optional;

/**
 * Every key binding of the live view, as data (after JLine's TTop {@code Operation} table): the
 * same table drives the key handling and writes the help overlay, so they cannot disagree.
 * Every action on Esc also has a letter, because tmux delays a bare Esc.
 */
public enum Action {
    UP("↑ k", "move up", KeyInput.of(Kind.UP), KeyInput.ch('k')),
    DOWN("↓ j", "move down", KeyInput.of(Kind.DOWN), KeyInput.ch('j')),
    PAGE_UP("PgUp", "page up", KeyInput.of(Kind.PAGE_UP)),
    PAGE_DOWN("PgDn", "page down", KeyInput.of(Kind.PAGE_DOWN)),
    TOP("Home g", "first row", KeyInput.of(Kind.HOME), KeyInput.ch('g')),
    BOTTOM("End G", "last row", KeyInput.of(Kind.END), KeyInput.ch('G')),
    NEXT_PANE("Tab →", "next pane", KeyInput.of(Kind.TAB), KeyInput.of(Kind.RIGHT)),
    PREVIOUS_PANE("S-Tab ←", "previous pane", KeyInput.of(Kind.BACK_TAB), KeyInput.of(Kind.LEFT)),
    FINDINGS("1", "findings pane", KeyInput.ch('1')),
    STAGES("2", "stages pane", KeyInput.ch('2')),
    EXECUTORS("3", "executors pane", KeyInput.ch('3')),
    PROCESSES("4", "processes pane", KeyInput.ch('4')),
    OPEN("Enter", "open: evidence and fixes, stage tasks", KeyInput.of(Kind.ENTER)),
    BACK("Esc b", "back, close", KeyInput.of(Kind.ESCAPE), KeyInput.ch('b')),
    LOGS("l", "executor stdout and stderr", KeyInput.ch('l')),
    COPY("c", "copy the fix's --conf lines (OSC 52; in tmux, its buffer)", KeyInput.ch('c')),
    HEAP("h", "driver's heap, by class", KeyInput.ch('h')),
    FILTER("/", "filter rows (Enter keeps, Esc clears)", KeyInput.ch('/')),
    SORT("s", "cycle the sort order", KeyInput.ch('s')),
    PAUSE("p", "pause / resume polling", KeyInput.ch('p')),
    SLOWER("+", "poll less often", KeyInput.ch('+')),
    FASTER("-", "poll more often", KeyInput.ch('-')),
    REFRESH("r", "refresh now", KeyInput.ch('r')),
    HELP("?", "this help", KeyInput.ch('?')),
    QUIT("q", "quit (also Ctrl-C)", KeyInput.ch('q'), KeyInput.ctrl('c'));

    private final String keys;
    private final String help;
    private final List<KeyInput> bindings;

    Action(String keys, String help, KeyInput... bindings) {
        this.keys = keys;
        this.help = help;
        this.bindings = List.of(bindings);
    }

    /** The keys as the help overlay shows them. */
    public String keys() {
        return keys;
    }

    public String help() {
        return help;
    }

    public List<KeyInput> bindings() {
        return bindings;
    }

    public static Optional<Action> of(KeyInput key) {
        for (Action a : values()) {
            if (a.bindings.contains(key)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
