package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.FakeSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The config file through the real command line: named targets, secrets by source, defaults, mistakes. */
class ConfigFileCliTest {

    private static final String SKEWED = "examples/skewed-join/eventlog_v2_local-1795967361954";

    @RegisterExtension
    final FakeSpark spark = new FakeSpark();

    @TempDir
    Path home;

    private Map<String, String> env(String yaml, String... more) throws Exception {
        Path file = home.resolve(".config/sparkdoc/config.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, yaml);
        Map<String, String> env = new java.util.HashMap<>(Map.of("PATH", "/usr/bin:/bin"));
        for (int i = 0; i < more.length; i += 2) {
            env.put(more[i], more[i + 1]);
        }
        return env;
    }

    @Test
    void aNamedTargetIsReadWithTheCredentialsTheConfigNamesAndNoSecretIsPrinted() throws Exception {
        String basic = "Basic " + Base64.getEncoder().encodeToString("etl:pw-from-env".getBytes());
        // a secured driver UI: every request without both credentials is refused
        spark.liveDriver().fault(r -> !basic.equals(r.getHeaders().get("Authorization")) || !"tok-77".equals(r.getHeaders().get("X-Token")),
                answer -> new MockResponse.Builder().code(401).body("Unauthorized").build());
        Map<String, String> env = env("""
                targets:
                  prod-etl:
                    url: %s
                    user: etl
                    password: {env: ETL_PW}
                    headers:
                      X-Token: {command: "echo tok-$TOKEN_SUFFIX"}
                """.formatted(spark.url("/")), "ETL_PW", "pw-from-env", "TOKEN_SUFFIX", "77");

        CliRun run = CliRun.withEnv(env, home, "triage", "prod-etl", "--json");

        assertThat(run.exitCode()).as(run.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(run.out()).contains("\"schemaVersion\"").doesNotContain("pw-from-env", "tok-77");
        assertThat(spark.server().getRequestCount()).isPositive();

        CliRun show = CliRun.withEnv(env, home, "config", "show");
        assertThat(show.exitCode()).isZero();
        assertThat(show.out()).contains("prod-etl  " + spark.url("/"), "user      etl, password from environment variable ETL_PW (set)",
                "header    X-Token: from command 'echo tok-$TOKEN_SUFFIX'").doesNotContain("pw-from-env", "tok-77");
    }

    @Test
    void withoutTheSecretTheRunStopsWithOneLineNamingIt() throws Exception {
        Map<String, String> env = env("targets:\n  prod:\n    url: %s\n    user: etl\n    password: {env: ETL_PW}\n".formatted(spark.url("/")));

        CliRun run = CliRun.withEnv(env, home, "triage", "prod");

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: target 'prod': the environment variable ETL_PW is not set: export it, or change the config\n");
        assertThat(spark.server().getRequestCount()).isZero();
    }

    @Test
    void theDefaultTargetRulesAndColourComeFromTheConfigAndTheCommandLineStillWins() throws Exception {
        Map<String, String> env = env("""
                default-target: example
                disable: [skew.stage-task-time]
                color: never
                targets:
                  example:
                    url: %s
                """.formatted(Path.of(SKEWED).toAbsolutePath()));

        CliRun byDefault = CliRun.withEnv(env, home, "triage", "--all");
        assertThat(byDefault.exitCode()).as(byDefault.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(byDefault.out()).contains("local-1795967361954").doesNotContain("skew.stage-task-time", "\u001b[");

        CliRun rules = CliRun.withEnv(env, home, "rules", "list");
        assertThat(rules.out()).doesNotContain("skew.stage-task-time").contains("skew.running-task");

        CliRun other = CliRun.withEnv(env, home, "triage", SKEWED, "--disable", "skew.running-task", "--json");
        assertThat(other.out()).contains("local-1795967361954").doesNotContain("\"skew.stage-task-time\"");

        CliRun help = CliRun.withEnv(env("interval: 5s\n"), home, "attach", "--help");
        assertThat(help.out()).contains("(default: 5.0)");
    }

    @Test
    void aBrokenConfigIsAUsageErrorWithItsLineAndCommandsThatNeedNoneStillRun() throws Exception {
        Map<String, String> env = env("interval: 2\ntargest:\n  x: {url: y}\n");
        Path file = home.resolve(".config/sparkdoc/config.yaml");

        CliRun run = CliRun.withEnv(env, home, "triage", SKEWED);
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).isEqualTo("sparkdoc: " + file
                + ":2: unknown key 'targest' (did you mean targets?); known: color, default-target, disable, interval, rules, targets\n");
        assertThat(CliRun.withEnv(env, home, "--version").exitCode()).isZero();

        Map<String, String> badId = env("disable: skew.no-such-rule\n");
        CliRun rules = CliRun.withEnv(badId, home, "rules", "list");
        assertThat(rules.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(rules.err()).startsWith("sparkdoc: " + file + ": disable: skew.no-such-rule: no such rule");
    }

    @Test
    void aConfigMistakesFixTextSurvivesRedactionAndItsSecretDoesNot() throws Exception {
        Map<String, String> env = env("targets:\n  prod:\n    url: http://etl:hunter2@shs:18080\n");

        CliRun run = CliRun.withEnv(env, home, "triage", "prod");

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.err()).endsWith(":3: target 'prod': the url holds a password: take it out and give user: and password:"
                + " {env: VARIABLE}\n").doesNotContain("hunter2").doesNotContain("redacted");
        CliRun written = CliRun.withEnv(env("targets:\n  prod:\n    url: http://shs:18080\n    user: etl\n    password: hunter2\n"),
                home, "triage", "prod");
        assertThat(written.err()).endsWith(":5: target 'prod' password: the config never holds a password: give {env: VARIABLE}"
                + " or {command: \"pass show …\"}\n").doesNotContain("hunter2");
    }

    @Test
    void configShowWithoutAFileSaysTheBuiltInDefaultsAreInForce() {
        CliRun show = CliRun.withEnv(Map.of("XDG_CACHE_HOME", home.resolve("c").toString()), home, "config", "show");
        assertThat(show.exitCode()).isZero();
        assertThat(show.out()).contains(home.resolve(".config/sparkdoc/config.yaml") + " (none: the built-in defaults are in force)",
                "cache          " + home.resolve("c/sparkdoc") + " (attach.log)", "interval       2 s (built in)", "targets        none");
    }
}
