package dev.sparkdoc.tui;

/** The four panes, in tab order; the number is the key that jumps to it. */
public enum Pane {
    FINDINGS("Findings"), STAGES("Stages"), EXECUTORS("Executors"), PROCESSES("Processes");

    private final String title;

    Pane(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    public int number() {
        return ordinal() + 1;
    }

    public Pane next() {
        return values()[(ordinal() + 1) % values().length];
    }

    public Pane previous() {
        return values()[(ordinal() + values().length - 1) % values().length];
    }
}
