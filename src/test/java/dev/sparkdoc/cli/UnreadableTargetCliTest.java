package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.testing.ForkedProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Targets that exist but cannot be read — a FIFO, a device, a log or folder without permission —
 * end in exit 3 and one line naming the file, the reason and the fix (issue 14). CI runs as root,
 * where chmod 000 stops nothing: there the CLI runs in a JVM of its own without the capabilities
 * that let root read anything, so the refusal is exercised, not skipped.
 */
@ForkedProcess
class UnreadableTargetCliTest {

    private static final String APP = "local-1795967361954";
    private static final Path ROLLING = Path.of("examples/skewed-join/eventlog_v2_" + APP);
    private static final String PART = "events_1_" + APP + ".zstd";

    @TempDir
    Path dir;
    private Path fifo;

    @BeforeEach
    void nameTheFifo() {
        fifo = dir.resolve("app-20260101000000-0001");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fifoWithNoWriterIsRefusedWithoutWaitingForOne() throws Exception {
        assumeTrue(exec("mkfifo", fifo.toString()) == 0, "no mkfifo here");

        CliRun run = CliRun.of("triage", fifo.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).hasLineCount(1).contains(fifo + ": it is a named pipe (FIFO), not a regular file")
                .contains("save the stream to a file first");
    }

    /** A test thread left stuck opening the FIFO would keep CliRun's lock: a read-write open frees it. */
    @AfterEach
    void freeAnyReaderOfTheFifo() throws InterruptedException {
        if (Files.exists(fifo)) {
            exec("sh", "-c", ": <> \"$1\"", "sh", fifo.toString());
        }
    }

    @Test
    void deviceIsRefused() {
        assumeTrue(Files.exists(Path.of("/dev/null")), "no /dev/null here");

        CliRun run = CliRun.of("triage", "/dev/null");

        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).hasLineCount(1).contains("/dev/null: it is a device, not a regular file");
    }

    @Test
    void logWithoutReadPermissionIsExitThreeSayingSo() throws Exception {
        Path log = Files.copy(ROLLING.resolve(PART), dir.resolve(APP + ".zstd"));
        denyAll(log);

        CliRun run = triageWithoutReadAccess(log, log);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(refusal(run)).isEqualTo("sparkdoc: Cannot read " + log + ": permission denied (run sparkdoc as a"
                + " user allowed to read it, e.g. its owner " + owner(log) + ": sudo -u " + owner(log)
                + " sparkdoc …, or ask for read access to it)");
    }

    @Test
    void unreadablePartOfARollingLogIsNamedAndItsCodecNotBlamed() throws Exception {
        Path folder = copyOfRollingLog();
        Path part = folder.resolve(PART);
        denyAll(part);

        CliRun run = triageWithoutReadAccess(part, folder);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(refusal(run)).startsWith("sparkdoc: Cannot read " + part + ": permission denied (")
                .doesNotContain("compressed").doesNotContain("codec");
    }

    @Test
    void unlistableFolderSaysPermissionDenied() throws Exception {
        Path folder = copyOfRollingLog();
        denyAll(folder);
        try {
            CliRun run = triageWithoutReadAccess(folder, folder);

            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.TARGET_UNREADABLE);
            assertThat(refusal(run)).startsWith("sparkdoc: Cannot list folder " + folder + ": permission denied (")
                    .contains("read and execute access");
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void logInAFolderThatCannotBeSearchedIsUnreadableNotMissing() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("spark-events"));
        Path log = Files.copy(ROLLING.resolve(PART), folder.resolve(APP + ".zstd"));
        denyAll(folder);
        try {
            CliRun run = triageWithoutReadAccess(folder, log);

            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.TARGET_UNREADABLE);
            assertThat(refusal(run)).startsWith("sparkdoc: Cannot read " + log + ": permission denied (");
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /**
     * 'triage' as a user the permissions stop: in this JVM when they stop this user; as root, in a
     * JVM of its own run without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (what lets root read any
     * file) but still as root, so it reads its classes and the Maven repository as before.
     */
    private CliRun triageWithoutReadAccess(Path denied, Path target) throws IOException, InterruptedException {
        if (!Files.isReadable(denied)) {
            return CliRun.of("triage", target.toString());
        }
        assumeTrue(exec(withoutReadCapabilities("true")) == 0,
                "permissions stop no one here, and setpriv cannot drop root's read capabilities");
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = withoutReadCapabilities(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "triage", target.toString());
        Path out = dir.resolve("child.out");
        Path err = dir.resolve("child.err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("sparkdoc ended").isTrue();
        return new CliRun(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static List<String> withoutReadCapabilities(String... command) {
        List<String> all = new ArrayList<>(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search",
                "--inh-caps=-dac_override,-dac_read_search"));
        all.addAll(List.of(command));
        return all;
    }

    /** The error line (a JVM of its own may print warnings of its own); never a stack trace. */
    private static String refusal(CliRun run) {
        assertThat(run.err()).doesNotContain("\tat ");
        List<String> lines = run.err().lines().filter(l -> l.startsWith("sparkdoc: ")).toList();
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }

    private Path copyOfRollingLog() throws IOException {
        Path folder = Files.createDirectory(dir.resolve(ROLLING.getFileName()));
        try (Stream<Path> files = Files.list(ROLLING)) {
            for (Path f : files.toList()) {
                Files.copy(f, folder.resolve(f.getFileName()));
            }
        }
        return folder;
    }

    private static void denyAll(Path path) throws IOException {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("---------"));
    }

    private static String owner(Path path) throws IOException {
        return Files.getOwner(path).getName();
    }

    private static int exec(String... command) throws InterruptedException {
        return exec(List.of(command));
    }

    /** The command's exit code; -1 when it is not installed or does not end. */
    private static int exec(List<String> command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException notInstalled) {
            return -1;
        }
    }
}
