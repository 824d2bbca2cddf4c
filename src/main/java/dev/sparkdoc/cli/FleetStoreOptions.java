package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.NameGlob;
import dev.sparkdoc.userconfig.UserDirs;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** Where {@code fleet} keeps what it read (docs/fleet.md), and how a folder of logs is read. */
class FleetStoreOptions {

    static final class Where {
        /** "" when given without a file: the default store (a History Server is read into none without --store). */
        @Option(names = "--store", paramLabel = "FILE", arity = "0..1", fallbackValue = "",
                description = "the SQLite fleet store (default: $XDG_DATA_HOME/sparkdoc/fleet.db); a History Server is"
                        + " read into it only with --store")
        String store;

        @Option(names = "--no-store", description = "keep nothing: read every log, print the table")
        boolean noStore;
    }

    @ArgGroup(exclusive = true)
    Where where;

    @Option(names = "--jsonl", paramLabel = "FILE", description = "also write one JSON line per application read")
    Path jsonl;

    @Option(names = "--threads", paramLabel = "N", converter = NumberOptions.AtLeastOne.class,
            description = "event logs read at once (default: the cores)")
    Integer threads;

    @Option(names = "--name", paramLabel = "GLOB", description = "only applications whose name matches, e.g. 'etl-*'")
    String name;

    /** The store file, or empty with --no-store. */
    Optional<Path> store(UserDirs dirs) {
        if (where != null && where.noStore) {
            return Optional.empty();
        }
        if (where != null && where.store != null && !where.store.isEmpty()) {
            return Optional.of(Path.of(where.store));
        }
        return Optional.of(dirs.dataDir().resolve("fleet.db"));
    }

    /** Whether --store was given: a History Server is then read whole into it. */
    boolean storeGiven() {
        return where != null && where.store != null;
    }

    int threads() {
        return threads != null ? threads : Runtime.getRuntime().availableProcessors();
    }

    NameGlob name() {
        return name == null ? NameGlob.ANY : NameGlob.of(name);
    }
}
