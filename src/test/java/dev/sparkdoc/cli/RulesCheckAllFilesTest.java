package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rules check DIR} names every bad file of the folder in one run, not only the first. */
class RulesCheckAllFilesTest {

    @TempDir
    Path dir;

    private static final String GOOD = "family: skew\nrules:\n  - id: team.%s\n    scope: stage\n"
            + "    title: t\n    when: { fact: stage.wall, op: '>', value: 1s }\n    remedies: [ { text: r } ]\n";

    @Test
    void everyBadFileIsReported() throws IOException {
        Files.writeString(dir.resolve("a-bad.yaml"), GOOD.formatted("a").replace("stage.wall", "stage.nope"));
        Files.writeString(dir.resolve("b-good.yaml"), GOOD.formatted("b"));
        Files.writeString(dir.resolve("c-bad.yaml"), GOOD.formatted("c").replace("scope: stage", "scope: galaxy"));

        CliRun r = CliRun.of("rules", "check", dir.toString());

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).hasSize(2).allMatch(l -> l.startsWith("sparkdoc: " + dir));
        assertThat(r.err().lines().toList().get(0)).contains("a-bad.yaml:6:", "unknown fact 'stage.nope'");
        assertThat(r.err().lines().toList().get(1)).contains("c-bad.yaml:4:");
    }

    @Test
    void anIdDefinedInTwoGoodFilesIsReportedBesideABadOne() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), GOOD.formatted("same"));
        Files.writeString(dir.resolve("b.yaml"), GOOD.formatted("same"));
        Files.writeString(dir.resolve("c.yaml"), GOOD.formatted("c").replace("stage.wall", "stage.nope"));

        CliRun r = CliRun.of("rules", "check", dir.toString());

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).hasLineCount(2).contains("c.yaml:6:", "rule id 'team.same' is already defined at " + dir.resolve("a.yaml"));
    }

    @Test
    void aGoodFolderIsCounted() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), GOOD.formatted("a"));
        Files.writeString(dir.resolve("b.yaml"), GOOD.formatted("b"));

        CliRun r = CliRun.of("rules", "check", dir.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("2 rule(s) OK in " + dir + "\n");
    }
}
