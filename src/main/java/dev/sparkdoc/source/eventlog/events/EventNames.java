package dev.sparkdoc.source.eventlog.events;

/** Event types as the readers and folders match them. */
public final class EventNames {

    private EventNames() {
    }

    /** Class-named events (Jackson-serialized) are matched by their simple name. */
    public static String simpleName(String type) {
        int dot = type.lastIndexOf('.');
        return dot < 0 ? type : type.substring(dot + 1);
    }
}
