package dev.sparkdoc.userconfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.source.HttpOptions;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserConfigReaderTest {

    private static final Path FILE = Path.of("/home/ann/.config/sparkdoc/config.yaml");
    private static final Path HOME = Path.of("/home/ann");

    private static UserConfig parse(String yaml) {
        return UserConfigReader.parse(new StringReader(yaml), FILE, HOME);
    }

    @Test
    void readsEverySettingWithPathsFromHomeAndTheConfigFolder() {
        UserConfig c = parse("""
                interval: 5s
                color: never
                rules: [~/spark-rules, team-rules, /etc/sparkdoc/rules]
                disable: config.aqe-off
                default-target: prod-etl
                targets:
                  prod-etl:
                    url: https://rm.example.com:8088/proxy/application_1700000000000_0042/
                    user: etl
                    password: {env: PROD_ETL_PASSWORD}
                    headers:
                      X-Team: data
                      Authorization: {command: "pass show spark/prod", prefix: "Bearer "}
                    insecure: true
                    cacert: certs/ca.pem
                    timeout: 1m
                  dev:
                    url: localhost:4041
                """);

        assertThat(c.interval()).contains(Duration.ofSeconds(5));
        assertThat(c.noColor()).isTrue();
        assertThat(c.ruleDirs()).containsExactly(Path.of("/home/ann/spark-rules"), Path.of("/home/ann/.config/sparkdoc/team-rules"),
                Path.of("/etc/sparkdoc/rules"));
        assertThat(c.disabled()).containsExactly("config.aqe-off");
        assertThat(c.defaultTarget()).contains("prod-etl");
        assertThat(c.targets().keySet()).containsExactly("prod-etl", "dev");
        NamedTarget prod = c.target("prod-etl").orElseThrow();
        assertThat(prod.password()).contains(new Secret.Env("PROD_ETL_PASSWORD"));
        assertThat(prod.headers()).extracting(HeaderValue::name).containsExactly("X-Team", "Authorization");
        assertThat(prod.caCert()).contains(Path.of("/home/ann/.config/sparkdoc/certs/ca.pem"));
        assertThat(prod.timeout()).contains(Duration.ofMinutes(1));
        assertThat(c.target("dev").orElseThrow().headers()).isEmpty();
    }

    @Test
    void aNamedTargetsOptionsGoUnderTheCommandLines() {
        NamedTarget prod = parse("""
                targets:
                  prod:
                    url: http://shs:18080
                    user: etl
                    password: {env: PW}
                    headers:
                      X-Team: data
                      X-Trace: {env: TRACE, prefix: "t-"}
                    timeout: 30
                """).target("prod").orElseThrow();
        Map<String, String> env = Map.of("PW", "s3cret", "TRACE", "42");

        HttpOptions alone = prod.httpOptions(HttpOptions.DEFAULT, false, env);
        assertThat(alone.headers()).containsExactly("X-Team: data", "X-Trace: t-42");
        assertThat(alone.basicAuth()).contains("etl:s3cret");
        assertThat(alone.timeout()).isEqualTo(Duration.ofSeconds(30));

        HttpOptions cli = new HttpOptions(List.of("x-team: ml"), Optional.of("bob:pw2"), false, Optional.empty(), Duration.ofSeconds(3));
        HttpOptions both = prod.httpOptions(cli, true, env);
        assertThat(both.headers()).containsExactly("X-Trace: t-42", "x-team: ml");
        assertThat(both.basicAuth()).contains("bob:pw2");
        assertThat(both.timeout()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aSecretWrittenIntoTheFileIsRefusedWithItsLineAndTheFix() {
        assertThatThrownBy(() -> parse("""
                targets:
                  prod:
                    url: http://shs:18080
                    user: etl
                    password: hunter2
                """)).hasMessage(FILE + ":5: target 'prod' password: the config never holds a password: give {env: VARIABLE}"
                + " or {command: \"pass show …\"}");
        assertThatThrownBy(() -> parse("""
                targets:
                  prod:
                    url: http://shs:18080
                    headers:
                      Authorization: Bearer abc.def
                """)).hasMessageStartingWith(FILE + ":5: target 'prod': the header Authorization is a credential")
                .hasMessageNotContaining("abc.def");
        assertThatThrownBy(() -> parse("targets:\n  prod:\n    url: http://etl:hunter2@shs:18080\n"))
                .hasMessageContaining(":3: target 'prod': the url holds a password").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> parse("targets:\n  prod:\n    url: http://shs\n    user: etl:hunter2\n"))
                .hasMessageContaining(":4: target 'prod': user holds a ':'").hasMessageNotContaining("hunter2");
    }

    @Test
    void mistakesNameTheLineAndTheFix() {
        assertThatThrownBy(() -> parse("interval: 5s\nintervall: 2\n"))
                .hasMessage(FILE + ":2: unknown key 'intervall' (did you mean interval?); known: color, default-target, disable,"
                        + " interval, rules, targets");
        assertThatThrownBy(() -> parse("targets:\n  prod:\n    url: http://shs\n    timout: 5s\n"))
                .hasMessageStartingWith(FILE + ":4: target 'prod': unknown key 'timout' (did you mean timeout?)");
        assertThatThrownBy(() -> parse("interval: soon\n")).hasMessage(FILE + ":1: interval: soon: give seconds (5 or 5s), or 500ms, 2m, 1h");
        assertThatThrownBy(() -> parse("interval: 100ms\n")).hasMessageContaining(":1: interval: 100ms is under half a second");
        assertThatThrownBy(() -> parse("color: pink\n")).hasMessage(FILE + ":1: color: pink: give auto (colours on a terminal) or never");
        assertThatThrownBy(() -> parse("targets:\n  prod:\n    user: etl\n")).hasMessageContaining(":3: target 'prod' has no url");
        assertThatThrownBy(() -> parse("targets:\n  'my prod':\n    url: x\n")).hasMessageContaining(":2: target name 'my prod'");
        assertThatThrownBy(() -> parse("targets:\n  p:\n    url: x\n    password: {env: A, command: b}\n    user: u\n"))
                .hasMessageContaining("give exactly one of env: VARIABLE or command:");
        assertThatThrownBy(() -> parse("interval: [5\n")).hasMessageStartingWith(FILE + ":").hasMessageContaining("not valid YAML");
    }

    @Test
    void noFileIsNoConfigAndAnEmptyFileIsAnEmptyOne(@TempDir Path dir) throws Exception {
        UserDirs dirs = new UserDirs(Map.of("XDG_CONFIG_HOME", dir.toString()), dir);
        assertThat(UserConfigReader.load(dirs)).isEqualTo(UserConfig.NONE);

        Files.createDirectories(dirs.configFile().getParent());
        Files.writeString(dirs.configFile(), "# nothing yet\n");
        UserConfig empty = UserConfigReader.load(dirs);
        assertThat(empty.file()).contains(dirs.configFile().toAbsolutePath());
        assertThat(empty.targets()).isEmpty();
    }
}
