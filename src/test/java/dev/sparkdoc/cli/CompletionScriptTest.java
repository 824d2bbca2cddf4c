package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The completion script, loaded by a real bash: registered, and completing commands, rule ids and targets. */
class CompletionScriptTest {

    @TempDir
    Path dir;

    @Test
    void bashLoadsTheScriptAndRegistersTheCompletion() throws Exception {
        Path script = script("bash");

        String out = bash("source " + script + "; complete -p sparkdoc");

        assertThat(out).contains("complete -o default -F _complete_sparkdoc sparkdoc");
    }

    @Test
    void completesCommandsRuleIdsAndTargets() throws Exception {
        Path script = script("bash");
        Files.writeString(dir.resolve("eventlog_v2_app-1"), "");

        assertThat(complete(script, "sparkdoc", "tri")).containsExactly("triage");
        assertThat(complete(script, "sparkdoc", "rules", "show", "skew.st")).containsExactly("skew.stage-task-time");
        assertThat(complete(script, "sparkdoc", "triage", "--disable", "skew.st")).containsExactly("skew.stage-task-time");
        assertThat(complete(script, "sparkdoc", "triage", "--js")).containsExactly("--json");
        assertThat(complete(script, "sparkdoc", "triage", "http")).contains("http://localhost:4040", "http://localhost:18080");
        assertThat(complete(script, "sparkdoc", "attach", "event")).containsExactly("eventlog_v2_app-1");
    }

    @Test
    void zshGetsTheSameCompletionsAndBashBashOnly() {
        CliRun zsh = CliRun.of("completion", "zsh");
        CliRun fish = CliRun.of("completion", "fish");

        assertThat(zsh.out()).contains("bashcompinit", "_complete_sparkdoc", "skew.stage-task-time");
        assertThat(fish.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(fish.err()).isEqualTo("sparkdoc: completion fish: give bash or zsh\n");
    }

    private Path script(String shell) throws IOException {
        CliRun r = CliRun.of("completion", shell);
        assertThat(r.exitCode()).as(r.err()).isZero();
        return Files.writeString(dir.resolve("sparkdoc." + shell), r.out());
    }

    @Test
    void zshLoadsTheScriptThroughBashcompinitAndRegistersTheCompletion() throws Exception {
        Path script = script("zsh");
        Process p = new ProcessBuilder("zsh", "-f", "-c", "autoload -U +X compinit && compinit -u; source " + script
                + "; print -r -- ${_comps[sparkdoc]}").directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.strip()).as(out).endsWith("_bash_complete -F _complete_sparkdoc -o default");
    }

    @Test
    void completesTheConfigFilesNamedTargets() throws Exception {
        Path script = script("bash");
        Path config = Files.createDirectories(dir.resolve("cfg/sparkdoc")).resolve("config.yaml");
        Files.writeString(config, """
                interval: 5s
                targets:   # by name
                  prod-etl:
                    url: https://rm:8088/proxy/application_1_0042/
                    headers:
                      X-Team: data
                  prod-batch: {url: "http://shs:18080"}
                  dev:
                    url: localhost:4041
                rules: [x]
                """);

        String prefix = "export XDG_CONFIG_HOME=" + dir.resolve("cfg") + "; ";
        assertThat(complete(prefix, script, "sparkdoc", "attach", "prod")).containsExactlyInAnyOrder("prod-etl", "prod-batch");
        assertThat(complete(prefix, script, "sparkdoc", "triage", "de")).containsExactly("dev");
        // keys inside a target are not names
        assertThat(complete(prefix, script, "sparkdoc", "triage", "X-")).isEmpty();
        assertThat(complete("export SPARKDOC_CONFIG=/nonexistent.yaml; ", script, "sparkdoc", "attach", "prod")).isEmpty();
    }

    @Test
    void aTargetThatTabCompletesIsOneTheProgramKnowsUnderAnotherHome() throws Exception {
        Path script = script("bash");
        Path alice = dir.resolve("alice");
        Files.writeString(Files.createDirectories(alice.resolve(".config/sparkdoc")).resolve("config.yaml"), """
                targets:
                  mine: {url: "http://localhost:4041"}
                """);
        Path passwdHome = Files.createDirectories(dir.resolve("passwd-home"));

        String home = "unset XDG_CONFIG_HOME SPARKDOC_CONFIG; export HOME=" + alice + "; ";
        assertThat(complete(home, script, "sparkdoc", "attach", "mi")).containsExactly("mine");
        ProcessBuilder show = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Duser.home=" + passwdHome, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "config", "show").redirectErrorStream(true);
        show.environment().keySet().removeAll(List.of("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "SPARKDOC_CONFIG"));
        show.environment().put("HOME", alice.toString());
        Process p = show.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();

        assertThat(out).contains("config file    " + alice.resolve(".config/sparkdoc/config.yaml"), "mine",
                "cache          " + alice.resolve(".cache/sparkdoc"));
    }

    private List<String> complete(Path script, String... words) throws Exception {
        return complete("", script, words);
    }

    /** What bash offers for the last word, as a user pressing Tab after {@code words} would see it. */
    private List<String> complete(String environment, Path script, String... words) throws Exception {
        String array = String.join(" ", java.util.Arrays.stream(words).map(w -> "'" + w + "'").toList());
        String out = bash(environment + "source " + script + " 2>/dev/null; COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; _complete_sparkdoc 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"");
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    private String bash(String command) throws Exception {
        Process p = new ProcessBuilder("bash", "--norc", "--noprofile", "-c", command).directory(dir.toFile())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
