package dev.sparkdoc.tui;

/**
 * What a cell means, not how it looks: a {@link Palette} turns tones into colours, or into
 * plain bold/reverse when colour is off (NO_COLOR), so views never decide about colour.
 */
public enum Tone {
    NORMAL, DIM, BOLD, TITLE, SELECTED, CRITICAL, WARNING, INFO, GOOD, ACCENT, CONF, BAR, ALERT
}
