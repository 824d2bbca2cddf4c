package dev.sparkdoc.fleet.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver's library is copied into the cache once, whole, and found there afterwards. */
class SqliteNativeTest {

    @TempDir
    Path cache;

    @Test
    void theLibraryIsCopiedOnceAndReusedAsItIs() throws Exception {
        Path lib = SqliteNative.cached(cache).orElseThrow();

        assertThat(lib).startsWith(cache).isRegularFile();
        assertThat(lib.getFileName().toString()).isEqualTo(System.mapLibraryName("sqlitejdbc"));
        try (var in = org.sqlite.SQLiteJDBCLoader.class.getResourceAsStream("/org/sqlite/native/"
                + org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS() + "/" + lib.getFileName())) {
            assertThat(Files.readAllBytes(lib)).isEqualTo(in.readAllBytes());
        }
        FileTime written = FileTime.fromMillis(0);
        Files.setLastModifiedTime(lib, written);
        assertThat(SqliteNative.cached(cache)).contains(lib);
        assertThat(Files.getLastModifiedTime(lib)).as("not copied again").isEqualTo(written);
        try (var left = Files.walk(cache)) {
            assertThat(left.filter(p -> p.toString().endsWith(".part"))).isEmpty();
        }
    }

    @Test
    void aCacheThatCannotBeWrittenLeavesTheDriverToItsOwnWay() throws Exception {
        Path file = Files.writeString(cache.resolve("not-a-folder"), "x");

        assertThat(SqliteNative.cached(file)).isEmpty();
    }
}
