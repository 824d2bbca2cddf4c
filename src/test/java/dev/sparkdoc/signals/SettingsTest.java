package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.testing.Snapshots;
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
}
