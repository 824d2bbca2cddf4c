package dev.sparkdoc.source;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sparkdoc knows the REST API and event-log fields of Spark 2.4 to 4.x. Other versions are
 * still read (fields are optional everywhere), but the user is told the numbers may be partial.
 */
public final class SparkVersionCheck {

    private static final Pattern MAJOR_MINOR = Pattern.compile("^(\\d+)\\.(\\d+)");

    private SparkVersionCheck() {
    }

    /** A note for versions outside 2.4–4.x; empty when the version is known or absent. */
    public static Optional<String> note(String version) {
        Matcher m = MAJOR_MINOR.matcher(version);
        if (!m.find()) {
            return Optional.of("unrecognised Spark version '" + version + "': numbers may be incomplete");
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        if (major > 4) {
            return Optional.of("Spark " + version + " is newer than this sparkdoc knows (2.4 to 4.x): "
                    + "unknown fields are ignored and numbers may be incomplete; upgrade sparkdoc");
        }
        if (major < 2 || (major == 2 && minor < 4)) {
            return Optional.of("Spark " + version + " is older than 2.4: metrics added later (CPU time, peak memory, "
                    + "partition ids) read as 0");
        }
        return Optional.empty();
    }

    public static AppSnapshot annotate(AppSnapshot snapshot) {
        Optional<String> note = snapshot.application().sparkVersion().flatMap(SparkVersionCheck::note);
        if (note.isEmpty() || snapshot.source().notes().contains(note.get())) {
            return snapshot;
        }
        SourceInfo s = snapshot.source();
        List<String> notes = new ArrayList<>(s.notes());
        notes.add(note.get());
        return new AppSnapshot(s.withNotes(notes),
                snapshot.application(), snapshot.jobs(), snapshot.stages(), snapshot.executors(),
                snapshot.sqlExecutions(), snapshot.environment(), snapshot.takenAt(), snapshot.taskThreads(), snapshot.driverDump(),
                snapshot.streamingQueries());
    }
}
