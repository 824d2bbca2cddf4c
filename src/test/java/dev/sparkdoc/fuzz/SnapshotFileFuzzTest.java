package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.snapshot.SnapshotFile;
import java.nio.file.Path;

/** A snapshot file, damaged or forged: a snapshot, or a {@link SourceException}. */
class SnapshotFileFuzzTest {

    /** The first crash the fuzzer found (seed json-null): a file holding only {@code null}. */
    @org.junit.jupiter.api.Test
    void aFileHoldingJsonNullIsNotASnapshot(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("snap.json"), "null");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SnapshotFile.read(file))
                .isInstanceOf(SourceException.class).hasMessageStartingWith("not a sparkdoc snapshot: ");
    }

    @FuzzTest(maxDuration = "5m")
    void anySnapshotFileReadsOrFailsWithASourceException(FuzzedDataProvider data) {
        byte[] bytes = data.consumeRemainingAsBytes();
        if (bytes.length > FuzzFiles.MAX_BYTES) {
            return;
        }
        Path dir = FuzzFiles.dir();
        try {
            SnapshotFile.read(FuzzFiles.write(dir, "snap.json", bytes));
        } catch (SourceException expected) {
            // the one failure a damaged file may cause
        } finally {
            FuzzFiles.delete(dir);
        }
    }
}
