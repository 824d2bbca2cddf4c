package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.testing.Snapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private static Settings app(Snapshots s) {
        return AppContext.of(s.build()).settings();
    }

    private static SqlExecution query(long id, Map<String, String> modified) {
        return new SqlExecution(id, "q", "COMPLETED", Optional.empty(), 1_000, List.of(), List.of(), List.of(), List.of(),
                List.of(), Optional.empty(), modified);
    }

    @Test
    void aQuerysOwnSettingBeatsTheAppsWhichBeatsSparksDefault() {
        Settings app = app(Snapshots.app().version("4.0.1").conf("spark.sql.shuffle.partitions", "64"));
        assertThat(app.get("spark.sql.shuffle.partitions")).contains(new Setting("spark.sql.shuffle.partitions", "64", "set by the app"));
        assertThat(app.get("spark.sql.adaptive.skewJoin.enabled"))
                .contains(new Setting("spark.sql.adaptive.skewJoin.enabled", "true", "Spark 4.0's default"));
        Settings q = app.forQuery(query(7, Map.of("spark.sql.adaptive.skewJoin.enabled", "false")));
        assertThat(q.get("spark.sql.adaptive.skewJoin.enabled").map(Setting::display))
                .contains("spark.sql.adaptive.skewJoin.enabled = false (set in query 7)");
        assertThat(q.get("spark.sql.shuffle.partitions").map(Setting::origin)).contains("set by the app");
    }

    @Test
    void defaultsFollowTheApplicationsVersion() {
        assertThat(app(Snapshots.app().version("3.5.1")).get("spark.speculation.multiplier").map(Setting::value)).contains("1.5");
        assertThat(app(Snapshots.app().version("4.0.1")).get("spark.speculation.multiplier").map(Setting::value)).contains("3");
        assertThat(app(Snapshots.app().version("3.1.2")).get("spark.sql.adaptive.enabled").map(Setting::value)).contains("false");
        assertThat(app(Snapshots.app().version("3.2.0")).get("spark.sql.adaptive.enabled").map(Setting::value)).contains("true");
        // of an unknown version only what every version shares is said
        Settings unknown = app(Snapshots.app().version("banana"));
        assertThat(unknown.get("spark.speculation.multiplier")).isEmpty();
        assertThat(unknown.get("spark.speculation").map(Setting::origin)).contains("Spark's default");
    }

    @Test
    void valuesCompareAsTheirKindNotAsText() {
        Settings app = app(Snapshots.app().version("3.5.1").conf("spark.sql.autoBroadcastJoinThreshold", "10485760")
                .conf("spark.speculation", "TRUE").conf("spark.dynamicAllocation.executorIdleTimeout", "1min")
                .conf("spark.executor.memory", "1g"));
        assertThat(app.holding("spark.sql.autoBroadcastJoinThreshold", "10m")).isPresent();
        assertThat(app.holding("spark.sql.autoBroadcastJoinThreshold", "20m")).isEmpty();
        assertThat(app.holding("spark.speculation", "true")).isPresent();
        assertThat(app.holding("spark.dynamicAllocation.executorIdleTimeout", "60s")).isPresent();
        assertThat(app.holding("spark.speculation.multiplier", "1.50")).isPresent();
        assertThat(app.holding("spark.executor.memory", "1024m")).isPresent();
        // -1 switches broadcast joins off: it is no size
        assertThat(Settings.same(SparkDefaults.Kind.BYTES, "-1", "10m")).isFalse();
        assertThat(Settings.same(SparkDefaults.Kind.BYTES, "-1", "-1b")).isTrue();
    }

    @Test
    void overRestASessionsSqlSettingIsNeverAssumed() {
        // a live app's spark.conf.set does not show in /environment: the default may not be what its queries run with
        Settings live = app(Snapshots.app().version("4.0.1").running(Snapshots.T0.plusSeconds(60)).conf("spark.speculation", "true"));
        assertThat(live.holding("spark.sql.adaptive.skewJoin.enabled", "true")).isEmpty();
        assertThat(live.get("spark.sql.adaptive.skewJoin.enabled").map(Setting::origin))
                .contains("Spark 4.0's default; a session's own value would not show over REST");
        // a core setting is the SparkContext's: the app's properties are the whole story
        assertThat(live.holding("spark.speculation", "true")).isPresent();
    }

    @Test
    void aSnapshotWithoutEnvironmentSaysNothing() {
        assertThat(AppContext.of(Snapshots.app().noConfig().build()).settings().get("spark.speculation")).isEmpty();
    }

    @Test
    void everyDefaultReadsAsItsOwnKind() {
        assertThat(SparkDefaults.builtIn().entries()).hasSizeGreaterThan(40)
                .allSatisfy(e -> assertThat(Settings.reads(e.kind(), e.value())).as(e.key() + " = " + e.value()).isTrue());
        // and a value that does not read is not taken for one
        assertThat(Settings.reads(SparkDefaults.Kind.BYTES, "lots")).isFalse();
    }

    @Test
    void whatTheAppRanWithIsItsOwnValueElseSparksCitedDefault() {
        Settings set = app(Snapshots.app().version("3.5.1").conf("spark.executor.memory", "4096").conf("spark.task.maxFailures", "8")
                .conf("spark.eventLog.enabled", " TRUE ").conf("spark.driver.maxResultSize", "-1"));
        assertThat(set.bytes("spark.executor.memory")).as("a bare number is the key's own unit, MiB").isEqualTo(4L << 30);
        assertThat(set.integer("spark.task.maxFailures")).isEqualTo(8);
        assertThat(set.bool("spark.eventLog.enabled")).isTrue();
        assertThat(set.bytes("spark.driver.maxResultSize")).as("-1 stays off").isEqualTo(-1);
        Settings unset = app(Snapshots.app().version("3.5.1").conf("spark.executor.memory", "lots"));
        assertThat(unset.bytes("spark.executor.memory")).as("unreadable: the default").isEqualTo(1L << 30);
        assertThat(unset.integer("spark.task.maxFailures")).isEqualTo(4);
        assertThat(unset.bytes("spark.sql.files.openCostInBytes")).isEqualTo(4L << 20);
        // a snapshot without environment ran with Spark's defaults all the same
        Settings none = AppContext.of(Snapshots.app().noConfig().build()).settings();
        assertThat(none.bytes("spark.driver.memory")).isEqualTo(1L << 30);
        assertThat(none.bool("spark.speculation")).isFalse();
    }

    @Test
    void aKeyWithoutACitedDefaultIsRefusedNotGuessed() {
        Settings app = app(Snapshots.app().version("3.5.1"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> app.bytes("spark.made.up"))
                .hasMessageContaining("config/spark-defaults.tsv");
    }

    @Test
    void settingsAreTheOnlyReaderOfTheAppsProperties() throws IOException {
        assertThat(Arrays.stream(AppContext.class.getDeclaredMethods()).map(Method::getName))
                .noneMatch(n -> n.startsWith("conf") || n.endsWith("Memory") || n.equals("maxResultSize"));
        try (var files = Files.walk(Path.of("src/main/java/dev/sparkdoc/signals"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("Settings.java"))
                    .filter(f -> read(f).contains(".sparkProperty(") || read(f).contains(".sparkProperties()")))
                    .as("a Spark setting is read through Settings: the app's value, the query's, else Spark's cited default").isEmpty();
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
