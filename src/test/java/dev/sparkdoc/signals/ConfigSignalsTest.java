package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigSignalsTest {

    private static final double MIB = 1 << 20;
    private static final double GIB = 1 << 30;

    @ParameterizedTest(name = "Spark {0}: AQE on = {1}")
    @CsvSource({"2.4.8, 0", "3.0.3, 0", "3.1.2, 0", "3.2.0, 1", "3.5.1, 1", "4.0.1, 1", "4.1.0-preview2, 1", "unknown, 1"})
    void aqeIsOnByDefaultFromSpark32(String version, double on) {
        assertThat(value(Facts.app(Snapshots.app().version(version)), "config.aqe.enabled")).isEqualTo(on);
    }

    @Test
    void explicitAqeSettingWinsOverTheDefault() {
        assertThat(value(Facts.app(Snapshots.app().version("3.1.2").conf("spark.sql.adaptive.enabled", "true")), "config.aqe.enabled"))
                .isEqualTo(1.0);
        assertThat(value(Facts.app(Snapshots.app().conf("spark.sql.adaptive.enabled", " FALSE ")), "config.aqe.enabled")).isZero();
    }

    @Test
    void broadcastThresholdIsInBytesAndMinusOneTurnsItOff() {
        ScopeFacts defaults = Facts.app(Snapshots.app());
        assertThat(value(defaults, "config.broadcastThreshold")).isEqualTo(10 * MIB);
        assertThat(value(defaults, "config.broadcastDisabled")).isZero();
        assertThat(value(Facts.app(Snapshots.app().conf("spark.sql.autoBroadcastJoinThreshold", "52428800")), "config.broadcastThreshold"))
                .isEqualTo(50 * MIB);
        assertThat(value(Facts.app(Snapshots.app().conf("spark.sql.autoBroadcastJoinThreshold", "-1")), "config.broadcastDisabled"))
                .isEqualTo(1.0);
    }

    @Test
    void memorySizesDefaultToMebibytesAndLargerStepsAreComputed() {
        ScopeFacts f = Facts.app(Snapshots.app().conf("spark.executor.memory", "6144").conf("spark.driver.memory", "3g"));
        assertThat(value(f, "config.executor.memory")).isEqualTo(6 * GIB);
        assertThat(value(f, "config.executor.memory.larger")).isEqualTo(9 * GIB);
        assertThat(value(f, "config.driver.memory.larger")).isEqualTo(6 * GIB);
        // max(384 MiB, 10% of 6 GiB)
        assertThat(value(f, "config.executor.memoryOverhead")).isEqualTo(Math.floor(6 * GIB / 10));
        assertThat(value(Facts.app(Snapshots.app().conf("spark.executor.memory", "2g")), "config.executor.memoryOverhead"))
                .isEqualTo(384 * MIB);
    }

    @Test
    void maxResultSizeDefaultsToOneGibibyte() {
        assertThat(value(Facts.app(Snapshots.app()), "config.driver.maxResultSize")).isEqualTo(GIB);
    }

    @Test
    void withoutAnEnvironmentThereAreNoConfigFacts() {
        ScopeFacts f = Facts.app(Snapshots.app().noConfig());
        assertThat(f.value("config.aqe.enabled")).isEmpty();
        assertThat(f.value("config.eventLog.enabled")).isEmpty();
    }

    @Test
    void localModeIsReadFromTheMaster() {
        assertThat(value(Facts.app(Snapshots.app().conf("spark.master", "local[2]")), "config.localMode")).isEqualTo(1.0);
        assertThat(value(Facts.app(Snapshots.app()), "config.localMode")).isZero();
    }
}
