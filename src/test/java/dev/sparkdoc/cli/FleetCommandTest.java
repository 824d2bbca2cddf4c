package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code sparkdoc fleet} as a command of its own: its options and its usage errors (runs are in TriageFleetTest). */
class FleetCommandTest {

    private static final String LOG = "src/test/resources/spark/eventlogs/join-plain";

    @Test
    void helpListsOnlyTheOptionsThatApplyToManyApplications() {
        CliRun run = CliRun.of("fleet", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("URL", "--since=DURATION", "--limit=N", "--top=N", "--all ", "--fail-on=LEVEL",
                        "--json", "--no-color", "--rules=DIR", "--disable=ID", "--header", "--user", "--insecure",
                        "--cacert=FILE", "--timeout=SECONDS", "--verbose")
                .contains("docs/triage-fleet.schema.json")
                .doesNotContain("--app=ID", "--attempt=ID", "[--all-apps", "[TARGET]", "with --all-apps");
    }

    @Test
    void triageHelpStillOffersAllApps() {
        assertThat(CliRun.of("triage", "--help").out())
                .contains("--all-apps", "with --all-apps: only applications", "with --all-apps: the newest N", "--app=ID")
                .contains("docs/triage.");
    }

    @Test
    void rootHelpListsFleet() {
        assertThat(CliRun.of("--help").out()).contains("fleet ");
    }

    @Test
    void aTargetThatIsNoHistoryServerIsBadUsageNamingTheCommand() {
        CliRun run = CliRun.of("fleet", LOG + "/local-1795967342242");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).startsWith("sparkdoc: fleet reads a History Server or a folder of event logs: give its URL")
                .hasLineCount(1);
    }

    @Test
    void aFolderOfEventLogsIsReadIntoTheRankedTable() {
        CliRun run = CliRun.of("fleet", LOG, "--no-store", "--json");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.out().replace(" ", "")).contains("\"kind\":\"eventlog\"", "\"id\":\"local-1795967342242\"")
                .doesNotContain("unchanged");
    }

    @Test
    void storeOptionsWithAHistoryServerNameWhatTheyNeed() {
        CliRun run = CliRun.of("fleet", "http://127.0.0.1:1", "--threads", "2");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).contains("--threads").contains("add --store [FILE]").hasLineCount(1);
    }

    @Test
    void aStoreBeforeTheUrlAsksForTheUrlFirst() {
        CliRun run = CliRun.of("fleet", "--store", "http://127.0.0.1:1");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: fleet --store http://127.0.0.1:1: give the URL first,"
                + " 'sparkdoc fleet URL --store [FILE]'\n");
    }

    @Test
    void aReportWithoutAStoreSaysHowToMakeOne() throws java.io.IOException {
        java.nio.file.Path none = java.nio.file.Files.createTempDirectory("no-store").resolve("fleet.db");
        CliRun run = CliRun.of("fleet", "report", "--store", none.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: no fleet store at " + none + ": run 'sparkdoc fleet DIR' first, or give --store FILE\n");
    }

    @Test
    void theUrlIsRequired() {
        CliRun run = CliRun.of("fleet");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).contains("URL").contains("sparkdoc fleet --help").hasLineCount(1);
    }

    @Test
    void singleApplicationOptionsAreUnknownToFleet() {
        for (String option : new String[] {"--app", "--attempt", "--all-apps"}) {
            CliRun run = CliRun.of("fleet", "http://127.0.0.1:1", option, "x");
            assertThat(run.exitCode()).as(option).isEqualTo(ExitCode.USAGE);
            assertThat(run.err()).as(option).contains(option).hasLineCount(1);
        }
    }

    @Test
    void aWrongFailOnLevelIsOneLineNamingTheLevelsBeforeAnythingIsRead() {
        for (String command : new String[] {"fleet", "triage"}) {
            CliRun run = CliRun.of(command, "http://127.0.0.1:1", "--fail-on", "loud");
            assertThat(run.exitCode()).as(command).isEqualTo(ExitCode.USAGE);
            assertThat(run.err()).as(command).isEqualTo("sparkdoc: --fail-on loud: use info, warning or critical\n");
        }
    }

    @Test
    void failOnTakesTheLevelInAnyCase() {
        CliRun run = CliRun.of("triage", LOG, "--fail-on", "INFO");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
    }

    @Test
    void optionsOfAllAppsAloneNameWhatTheyNeed() {
        CliRun run = CliRun.of("triage", LOG, "--limit", "3");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: --since and --limit work with --all-apps only: run 'sparkdoc fleet URL' with them\n");
    }

    @Test
    void sharedOptionsReadTheSameInEveryCommand() {
        for (String command : new String[] {"triage", "fleet", "diff", "ps"}) {
            assertThat(help(command)).as(command).contains("--no-color no colours (also when NO_COLOR is set or stdout is not a terminal)");
        }
        assertThat(help("attach")).contains("--no-color no colours (also when NO_COLOR is set) ").doesNotContain("--json");
        assertThat(help("ps")).contains("--json print JSON for scripts");
        assertThat(help("diff")).contains("--json print the report as JSON (schema: docs/diff.schema.");
        assertThat(help("fleet")).contains("--json print the report as JSON (schema: docs/triage-fleet.schema.json)");
    }

    /** The help text with its line breaks and column padding folded to single spaces. */
    private static String help(String command) {
        return CliRun.of(command, "--help").out().replaceAll("\\s+", " ");
    }
}
