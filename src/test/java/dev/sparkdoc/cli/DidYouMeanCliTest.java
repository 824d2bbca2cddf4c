package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A misspelt command, option or rule id: one line with the nearest name, exit 2. */
class DidYouMeanCliTest {

    private static final String LOG = "examples/skewed-join/eventlog_v2_local-1795967361954";

    @Test
    void misspeltCommand() {
        CliRun r = CliRun.of("triag", "x");

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("sparkdoc: unknown command 'triag'; did you mean 'triage'? (see 'sparkdoc --help')\n");
    }

    @Test
    void misspeltSubcommandOfRules() {
        CliRun r = CliRun.of("rules", "shwo", "x");

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).hasLineCount(1).contains("unknown command 'shwo'; did you mean 'show'?", "'sparkdoc rules --help'");
    }

    @Test
    void nonsenseCommandHasNoGuess() {
        CliRun r = CliRun.of("x");

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("sparkdoc: unknown command 'x' (see 'sparkdoc --help')\n");
    }

    @Test
    void misspeltOption() {
        CliRun r = CliRun.of("triage", "--jsno", LOG);

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("sparkdoc: unknown option '--jsno'; did you mean '--json'? (see 'sparkdoc triage --help')\n");
    }

    @Test
    void misspeltOptionWithAValue() {
        CliRun r = CliRun.of("triage", "--fail-no=info", LOG);

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).hasLineCount(1).contains("unknown option '--fail-no'; did you mean '--fail-on'?");
    }

    @Test
    void misspeltRuleIdToShow() {
        CliRun r = CliRun.of("rules", "show", "skew.stage-tsk-time");

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("sparkdoc: no rule 'skew.stage-tsk-time'; did you mean 'skew.stage-task-time'?"
                + " (see 'sparkdoc rules list')\n");
    }

    @Test
    void misspeltRuleIdToDisable() {
        CliRun r = CliRun.of("triage", "--disable", "skew.stage-tsk-time", LOG);

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).hasLineCount(1)
                .contains("--disable skew.stage-tsk-time: no such rule; did you mean 'skew.stage-task-time'?");
    }

    @Test
    void unknownRuleIdToDisableHasNoGuess() {
        CliRun r = CliRun.of("rules", "list", "--disable", "nope");

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).isEqualTo("sparkdoc: --disable nope: no such rule (see 'sparkdoc rules list')\n");
    }
}
