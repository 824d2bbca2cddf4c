package dev.sparkdoc.signals;

import dev.sparkdoc.datafile.DidYouMean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one registry of every fact rules may use, with its scope, unit and meaning. Each signal
 * class declares its own facts ({@link FactList}); this joins them.
 */
public final class FactCatalog {

    private static final Map<String, Fact> BY_NAME = new LinkedHashMap<>();

    static {
        Stream.of(AppSignals.FACTS, DriverSignals.FACTS, CrashSignals.FACTS, LossSignals.FACTS, TimeSignals.FACTS, ConfigSignals.FACTS, JobSignals.FACTS,
                        StageSignals.FACTS, AqeSkewJoin.FACTS, AqeCoalesce.FACTS, StageParallelism.FACTS, Speculation.FACTS, ExecutorSignals.FACTS, SqlSignals.FACTS, BroadcastJoin.FACTS, UdfSignals.FACTS, SqlErrorSignals.FACTS, FileSignals.FACTS, ProcessSignals.FACTS,
                        StreamSignals.FACTS, MicroBatches.JOB_FACTS, MicroBatches.SQL_FACTS)
                .flatMap(list -> list.all().stream())
                .forEach(fact -> {
                    if (BY_NAME.put(fact.name(), fact) != null) {
                        throw new IllegalStateException("fact declared twice: " + fact.name());
                    }
                });
    }

    private FactCatalog() {
    }

    public static Optional<Fact> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The fact of a name the caller knows exists (a template checked at load, a test). */
    public static Fact require(String name) {
        Fact fact = BY_NAME.get(name);
        if (fact == null) {
            throw new IllegalArgumentException("unknown fact '" + name + "'" + suggestion(name));
        }
        return fact;
    }

    public static List<Fact> all() {
        return List.copyOf(BY_NAME.values());
    }

    /** " (did you mean x?)" for a misspelt fact, or "". */
    public static String suggestion(String name) {
        return DidYouMean.among(BY_NAME.keySet(), name);
    }
}
