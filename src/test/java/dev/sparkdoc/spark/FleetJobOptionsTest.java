package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fleet job's arguments: what spark-submit passes after the jar. */
class FleetJobOptionsTest {

    private static final Instant NOW = Instant.parse("2026-12-06T05:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void readsTheFoldersAndDefaultsToParquetWithoutReport() {
        FleetJobOptions o = FleetJobOptions.parse(List.of("--events", "hdfs:///spark-logs", "--out", "s3a://b/fleet"), CLOCK);

        assertThat(o.events()).isEqualTo("hdfs:///spark-logs");
        assertThat(o.out()).isEqualTo("s3a://b/fleet");
        assertThat(o.format()).isEqualTo("parquet");
        assertThat(o.report()).isFalse();
        assertThat(o.sinceMs()).isEmpty();
    }

    @Test
    void sinceIsADurationBackFromNowOrTheStartOfADayInUtc() {
        assertThat(FleetJobOptions.since("7d", CLOCK)).isEqualTo(Instant.parse("2026-11-29T05:00:00Z").toEpochMilli());
        assertThat(FleetJobOptions.since("90m", CLOCK)).isEqualTo(Instant.parse("2026-12-06T03:30:00Z").toEpochMilli());
        assertThat(FleetJobOptions.since("2026-12-01", CLOCK)).isEqualTo(Instant.parse("2026-12-01T00:00:00Z").toEpochMilli());
    }

    @Test
    void formatAndReportAreTaken() {
        FleetJobOptions o = FleetJobOptions.parse(List.of("--events", "e", "--out", "o", "--format", "Delta", "--report",
                "--since", "24h"), CLOCK);

        assertThat(o.format()).isEqualTo("delta");
        assertThat(o.report()).isTrue();
        assertThat(o.sinceMs()).hasValue(Instant.parse("2026-12-05T05:00:00Z").toEpochMilli());
    }

    @Test
    void eachMistakeIsOneLineNamingTheFix() {
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e"), CLOCK))
                .hasMessageStartingWith("--events and --out are required: usage: spark-submit");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "--out", "o"), CLOCK))
                .hasMessageStartingWith("--events needs a value");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--out", "o", "--since", "last week"), CLOCK))
                .hasMessage("--since last week: give a duration (90m, 24h, 7d, 2w) or a day (2026-12-01)");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--out", "o", "--format", "parquet;drop"), CLOCK))
                .hasMessageContaining("give a Spark data source name");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--out", "o", "--limit", "3"), CLOCK))
                .hasMessageStartingWith("unknown argument '--limit'");
    }
}
