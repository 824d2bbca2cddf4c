package dev.sparkdoc.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-line refusals, from the exceptions NIO throws: no root, no chmod needed. */
class UnreadableTest {

    @TempDir
    Path dir;

    @Test
    void permissionDeniedNamesTheFileTheReasonAndWhoCanReadIt() throws IOException {
        Path log = Files.createFile(dir.resolve("events_2_app-1.zstd"));
        String owner = Files.getOwner(log).getName();

        SourceException e = Unreadable.file(log, new AccessDeniedException(log.toString()));

        assertThat(e.getMessage()).startsWith("Cannot read " + log + ": permission denied (")
                .contains("sudo -u " + owner + " sparkdoc").contains("ask for read access")
                .doesNotContain("codec").doesNotContain("\n");
        assertThat(e.getCause()).isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void unlistableFolderSaysPermissionDeniedInsteadOfRepeatingItsPath() {
        Path folder = dir.resolve("eventlog_v2_app-1");

        SourceException e = Unreadable.folder(folder, new AccessDeniedException(folder.toString()));

        assertThat(e.getMessage()).isEqualTo("Cannot list folder " + folder + ": permission denied (run sparkdoc as"
                + " a user allowed to list it, e.g. its owner, or ask for read and execute access to it)");
    }

    @Test
    void fileGoneMidReadSaysSparkMayHaveRenamedIt() {
        Path log = dir.resolve("app-1.inprogress");

        String message = Unreadable.file(log, new NoSuchFileException(log.toString())).getMessage();

        assertThat(message).contains(": no such file (").contains("renamed when it ends");
    }

    @Test
    void otherFileSystemErrorsGiveTheSystemsReason() {
        Path log = dir.resolve("app-1");

        String message = Unreadable.file(log, new FileSystemException(log.toString(), null, "Input/output error"))
                .getMessage();

        assertThat(message).isEqualTo("Cannot read " + log + ": Input/output error (check that the path can be"
                + " read, e.g. with ls -l " + log + ")");
    }
}
