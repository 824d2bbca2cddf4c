package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code snapshot -o FILE}: a regular file or a new one in an existing folder is replaced whole;
 * anything else is refused in one line with exit 3 before the application is read, and left as
 * it was.
 */
class SnapshotOutputFileTest {

    private static final String LOG = "src/test/resources/spark/eventlogs/skewed-join-plain/local-1795967353438";

    @TempDir
    Path dir;

    @Test
    void aCharacterDeviceIsRefusedAndStaysADevice() throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "needs /dev/full");

        CliRun run = snapshotTo(full);

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).isEqualTo("sparkdoc: cannot write /dev/full: it is a character device, not a regular file; "
                + "give a regular file, or '-o -' for standard output\n");
        assertThat(fileType(full)).isEqualTo(0020000);
    }

    @Test
    void aLinkToADeviceIsRefusedLikeTheDevice() throws IOException {
        assumeTrue(Files.exists(Path.of("/dev/null")), "needs /dev/null");
        Path link = Files.createSymbolicLink(dir.resolve("null.json"), Path.of("/dev/null"));

        CliRun run = snapshotTo(link);

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).contains("it is a character device").hasLineCount(1);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(fileType(Path.of("/dev/null"))).isEqualTo(0020000);
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "needs mkfifo");

        // opening a FIFO with no reader blocks: a refusal that looked inside would never return
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> snapshotTo(fifo));

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).isEqualTo("sparkdoc: cannot write " + fifo + ": it is a FIFO, not a regular file; "
                + "give a regular file, or '-o -' for standard output\n");
        assertThat(fileType(fifo)).isEqualTo(0010000);
    }

    @Test
    void aFolderIsRefusedAndStaysEmpty() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("out"));

        CliRun run = snapshotTo(folder);

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).isEqualTo("sparkdoc: cannot write " + folder + ": it is a folder; name a file inside it\n");
        assertThat(folder).isEmptyDirectory();
    }

    @Test
    void aMissingFolderIsRefusedAndNotCreated() {
        Path missing = dir.resolve("missing");

        CliRun run = snapshotTo(missing.resolve("snap.json"));

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).isEqualTo("sparkdoc: cannot write " + missing.resolve("snap.json") + ": folder " + missing
                + " does not exist; create the folder first, or choose another path\n");
        assertThat(missing).doesNotExist();
    }

    @Test
    void aReadOnlyFileIsRefusedAndKeepsItsContent() throws IOException {
        Path file = Files.writeString(dir.resolve("snap.json"), "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        // root too: a file without a write bit was made read-only on purpose

        CliRun run = snapshotTo(file);

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).contains("the file is read-only").hasLineCount(1);
        assertThat(Files.readString(file)).isEqualTo("old");
    }

    @Test
    void aReadOnlyFolderIsRefusedAndStaysEmpty() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));

        CliRun run = snapshotTo(folder.resolve("snap.json"));

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).contains("is not writable").hasLineCount(1);
        assertThat(folder).isEmptyDirectory();
    }

    @Test
    void aRegularFileIsReplacedWholeAndNoTemporaryFileStays() throws IOException {
        Path file = Files.writeString(dir.resolve("snap.json"), "old");

        CliRun run = snapshotTo(file);

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(file)).startsWith("{\n  \"sparkdocSnapshot\" : 1").endsWith("}\n");
        assertThat(dir).isDirectoryContaining(p -> p.equals(file)).isDirectoryNotContaining(p -> !p.equals(file));
    }

    @Test
    void aReplacedFileKeepsItsModeAndANewOneIsPrivate() throws IOException {
        Path shared = Files.writeString(dir.resolve("shared.json"), "old");
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        Path fresh = dir.resolve("fresh.json");

        assertThat(snapshotTo(shared).exitCode()).isZero();
        assertThat(snapshotTo(fresh).exitCode()).isZero();

        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rw-r-----");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh))).isEqualTo("rw-------");
    }

    @Test
    void aLinkToARegularFileReplacesTheFileAndKeepsTheLink() throws IOException {
        Path file = Files.writeString(dir.resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), file);

        CliRun run = snapshotTo(link);

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(file)).startsWith("{\n  \"sparkdocSnapshot\"");
    }

    @Test
    void dashIsStandardOutput() {
        CliRun run = CliRun.of("snapshot", LOG, "-o", "-");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("{\n  \"sparkdocSnapshot\" : 1");
        assertThat(Path.of("-")).doesNotExist();
    }

    @Test
    void aWriteThatFailsHalfWayLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path file = Files.writeString(dir.resolve("snap.json"), "old");
        Destination destination = Destination.of(file);

        assertThatThrownBy(() -> destination.write(out -> {
            out.print("{\"half\": ");
            throw new IOException("Input/output error");
        })).isInstanceOf(OutputException.class)
                .hasMessage("cannot write " + file + ": Input/output error; check the disk or device it goes to, or write elsewhere");

        assertThat(Files.readString(file)).isEqualTo("old");
        assertThat(dir).isDirectoryNotContaining(p -> !p.equals(file));
    }

    private static CliRun snapshotTo(Path output) {
        return CliRun.of("snapshot", LOG, "-o", output.toString());
    }

    /** The file-type bits of st_mode, read without following a link or opening the file. */
    private static int fileType(Path path) throws IOException {
        return (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
    }
}
