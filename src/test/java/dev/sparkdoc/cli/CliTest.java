package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

    @TempDir
    Path dir;

    @Test
    void versionComesFromTheBuild() {
        CliRun run = CliRun.of("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("sparkdoc ").doesNotContain("${project.version}").doesNotContain("unknown");
    }

    @Test
    void helpListsTheSnapshotCommandAndExitCodes() {
        CliRun run = CliRun.of("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("snapshot").contains("Exit codes");
    }

    @Test
    void unknownOptionIsBadUsage() {
        CliRun run = CliRun.of("snapshot", "--frobnicate");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).contains("--frobnicate").hasLineCount(1);
    }

    @Test
    void nonsenseTargetIsBadUsageInOneLine() {
        CliRun run = CliRun.of("snapshot", "what is this?");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).startsWith("sparkdoc: not a target").hasLineCount(1);
    }

    @Test
    void aPastedUiPageIsReadAtItsRootAndSaidSoOnce() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliRun run = CliRun.of("snapshot", "http://127.0.0.1:" + port + "/stages/stage/?id=3", "--timeout", "2");

        assertThat(run.err().lines().toList()).hasSize(2).first().isEqualTo("sparkdoc: http://127.0.0.1:" + port
                + "/stages/stage/?id=3 is a page of the Spark UI: reading the application at its root, http://127.0.0.1:" + port + "/");
        assertThat(run.err()).doesNotContain("login page");
    }

    @Test
    void unreachableDriverIsExitThreeWithAHint() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliRun run = CliRun.of("snapshot", "127.0.0.1:" + port, "--timeout", "2");
        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).contains("4040").hasLineCount(1);
    }

    @Test
    void snapshotOfAnEventLogRoundTripsThroughItsFile() throws IOException {
        Path log = copyResource("/spark-upstream/spark-events/local-1422981780767", dir.resolve("local-1422981780767"));
        Path out = dir.resolve("snap.json");

        CliRun save = CliRun.of("snapshot", log.toString(), "-o", out.toString());
        assertThat(save.exitCode()).as(save.err()).isZero();
        assertThat(save.err()).contains("local-1422981780767");
        assertThat(Files.readString(out)).startsWith("{\n  \"sparkdocSnapshot\" : 1");

        CliRun again = CliRun.of("snapshot", out.toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("\"kind\" : \"snapshot\"").contains("local-1422981780767");
        assertThat(again.err()).contains("saved from eventlog");
    }

    @Test
    void failedWriteLeavesNoHalfFileBehind() throws IOException {
        Path log = copyResource("/spark-upstream/spark-events/local-1422981780767", dir.resolve("local-1422981780767"));
        Path blocker = Files.writeString(dir.resolve("file"), "x");
        CliRun run = CliRun.of("snapshot", log.toString(), "-o", blocker.resolve("sub/snap.json").toString());
        assertThat(run.exitCode()).isNotZero().isNotEqualTo(ExitCode.INTERNAL);
        assertThat(run.err()).startsWith("sparkdoc: cannot write");
        assertThat(Files.readString(blocker)).isEqualTo("x");
    }

    @Test
    void garbageFileIsAnUnreadableTarget() throws IOException {
        Path junk = Files.writeString(dir.resolve("junk.log"), "<html><body>login</body></html>\n");
        CliRun run = CliRun.of("snapshot", junk.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.TARGET_UNREADABLE);
        assertThat(run.err()).hasLineCount(1);
    }

    private static Path copyResource(String name, Path to) throws IOException {
        try (var in = CliTest.class.getResourceAsStream(name)) {
            assertThat(in).as("test resource " + name).isNotNull();
            Files.copy(in, to);
        }
        return to;
    }
}
