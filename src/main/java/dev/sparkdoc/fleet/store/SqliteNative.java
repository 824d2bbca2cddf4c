package dev.sparkdoc.fleet.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

/**
 * sqlite-jdbc's native library, kept in sparkdoc's cache folder. Left to itself the driver copies
 * its 1.1 MB library into {@code java.io.tmpdir} at every start, checks it and deletes it at exit:
 * about 50 ms of a fleet run that finds nothing new (which a cron job runs every hour), and no
 * store at all on the edge nodes that mount {@code /tmp} noexec. Copied once per driver version and
 * platform instead; anything unusual (a library path the user set, no such resource, a cache folder
 * that cannot be written) leaves the driver to its own way.
 */
public final class SqliteNative {

    private static final String PATH = "org.sqlite.lib.path";
    private static final String NAME = "org.sqlite.lib.name";

    private SqliteNative() {
    }

    /** Points the driver at its library under {@code cacheDir}, copying it there first when missing. */
    public static synchronized void useCacheIn(Path cacheDir) {
        if (System.getProperty(PATH) != null || System.getProperty(NAME) != null) {
            return;
        }
        cached(cacheDir).ifPresent(lib -> {
            System.setProperty(PATH, lib.getParent().toString());
            System.setProperty(NAME, lib.getFileName().toString());
        });
    }

    static Optional<Path> cached(Path cacheDir) {
        String folder = OSInfo.getNativeLibFolderPathForCurrentOS();
        String name = System.mapLibraryName("sqlitejdbc");
        String resource = "/org/sqlite/native/" + folder + "/" + name;
        Path lib = cacheDir.resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion()).resolve(folder).resolve(name);
        if (Files.isRegularFile(lib)) {
            return Optional.of(lib);
        }
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            Files.createDirectories(lib.getParent());
            // a copy under a name of its own, then one rename: a second run never loads half a library
            Path part = Files.createTempFile(lib.getParent(), name, ".part");
            try {
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                Files.move(part, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(part);
            }
            return Optional.of(lib);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
