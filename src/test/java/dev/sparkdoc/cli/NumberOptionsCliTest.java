package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A count, a timeout or a pace of zero or below is refused when the command line is read, in one
 * line that names the option, its floor and the value given, exit 2; nothing is read first.
 */
class NumberOptionsCliTest {

    @ParameterizedTest(name = "sparkdoc {0} {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "triage          | --top      | 0  | 1",
            "triage          | --top      | -1 | 1",
            "fleet           | --top      | 0  | 1",
            "fleet           | --limit    | 0  | 1",
            "driver heap     | --top      | 0  | 1",
            "triage          | --timeout  | 0  | 1",
            "snapshot        | --timeout  | -3 | 1",
            "logs            | --timeout  | 0  | 1",
            "attach          | --timeout  | 0  | 1",
            "driver threads  | --pid      | 0  | 1",
            "driver heap     | --pid      | -1 | 1",
            "attach          | --interval | 0  | 0.5 seconds",
            "attach          | --interval | -5 | 0.5 seconds",
            "attach          | --interval | 0.1 | 0.5 seconds"})
    void aValueBelowTheOptionsFloorIsBadUsageInOneLine(String command, String option, String value, String floor) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(command.split(" ")));
        args.add(option + "=" + value);
        args.add("http://127.0.0.1:1/");   // never read: the option is refused first
        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: " + option + " must be at least " + floor + " (got " + value + ")\n");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aNegativeValueGivenApartFromItsOptionIsReadAsTheValue() {
        CliRun run = CliRun.of("triage", "--top", "-1", "http://127.0.0.1:1/");

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: --top must be at least 1 (got -1)\n");
    }

    @Test
    void aWordWhereANumberBelongsSaysSo() {
        CliRun run = CliRun.of("triage", "--top", "ten", "http://127.0.0.1:1/");

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).startsWith("sparkdoc: Invalid value for option '--top': 'ten' is not a whole number").hasLineCount(1);
    }

    @Test
    void theSmallestValuesAreTaken() {
        assertThat(new NumberOptions.AtLeastOne().convert("1")).isEqualTo(1);
        assertThat(new NumberOptions.IntervalSeconds().convert("0.5")).isEqualTo(0.5);
    }
}
