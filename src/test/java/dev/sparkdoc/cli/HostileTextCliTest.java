package dev.sparkdoc.cli;

import static dev.sparkdoc.testing.HostileLogs.hasControl;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.testing.HostileLogs;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile application text (escape sequences, OSC 52, C1 controls, bidi overrides, wide
 * characters) through every printing path of the CLI: nothing that drives a terminal gets out,
 * the 80-column layout holds, and JSON keeps the original text, escaped.
 */
class HostileTextCliTest {

    @TempDir
    Path dir;

    @Test
    void triageTextPrintsNoControlCharactersAndKeepsEightyColumns() {
        Path log = HostileLogs.write(dir);
        CliRun run = CliRun.of("triage", "--all", "--no-color", log.toString());

        assertThat(run.out()).contains("evil app").contains("数据倾斜");
        assertThat(hasControl(run.out())).as(run.out()).isFalse();
        assertThat(hasControl(run.err())).as(run.err()).isFalse();
        // config, code and links are copied as they are (not wrapped); everything else fits
        assertThat(Arrays.stream(run.out().split("\n")))
                .filteredOn(l -> !l.startsWith("               ") && !l.contains("https://") && l.strip().contains(" "))
                .allSatisfy(l -> assertThat(SafeText.width(l)).as(l).isLessThanOrEqualTo(80));
    }

    @Test
    void triageJsonKeepsTheOriginalTextEscaped() throws Exception {
        Path log = HostileLogs.write(dir);
        CliRun run = CliRun.of("triage", "--json", log.toString());

        assertThat(hasControl(run.out())).as("raw control or bidi characters in JSON").isFalse();
        assertThat(run.out()).contains("\\u001B]52;c;").contains("\\u009B").contains("\\u202E");
        var json = new ObjectMapper().readTree(run.out());
        assertThat(json.at("/application/name").asText()).isEqualTo(HostileLogs.APP_NAME);
    }

    @Test
    void snapshotSummaryOnStderrIsClean() {
        Path log = HostileLogs.write(dir);
        CliRun run = CliRun.of("snapshot", log.toString());

        assertThat(run.err()).contains("evil app");
        assertThat(hasControl(run.err())).as(run.err()).isFalse();
        assertThat(run.out()).doesNotContain("\u001b");
    }

    @Test
    void diffTextIsClean() {
        Path log = HostileLogs.write(dir);
        CliRun run = CliRun.of("diff", "--all", "--no-color", log.toString(), log.toString());

        assertThat(hasControl(run.out() + run.err())).as(run.out() + run.err()).isFalse();
    }

    @Test
    void explainTextOfAHostileTraceIsClean() {
        String trace = "Traceback (most recent call last):\n  File \"job.py\", line 12, in divide\n"
                + "ZeroDivisionError: division by zero " + HostileLogs.ESCAPES + "\n";
        CliRun run = CliRun.withStdin(trace, "explain");

        assertThat(run.out()).contains("ZeroDivisionError");
        assertThat(hasControl(run.out())).as(run.out()).isFalse();
    }

    @Test
    void aHugeSqlDescriptionIsCutWithANoteNotPrintedWhole() {
        Path log = HostileLogs.withDescription(dir, "SELECT " + "col_a, ".repeat(300_000) + "x FROM t");
        CliRun run = CliRun.of("triage", "--all", "--no-color", log.toString());

        assertThat(run.out()).contains("SELECT col_a").contains("[cut: ");
        assertThat(run.out().length()).isLessThan(200_000);
    }

    @Test
    void errorMessagesQuotingAHostileTargetAreClean() {
        CliRun run = CliRun.of("triage", dir.resolve("no-such-log" + HostileLogs.ESCAPES).toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).startsWith("sparkdoc: ");
        assertThat(hasControl(run.err())).as(run.err()).isFalse();
    }
}
