package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fleet job's arguments: what spark-submit passes after the jar. */
class FleetJobOptionsTest {

    private static final Instant NOW = Instant.parse("2026-12-06T05:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void readsTheFoldersAndDefaultsToParquetWithoutReport() {
        FleetJobOptions o = FleetJobOptions.parse(List.of("--events", "hdfs:///spark-logs", "--out", "s3a://b/fleet"), CLOCK);

        assertThat(o.events()).isEqualTo("hdfs:///spark-logs");
        assertThat(o.store()).isEqualTo(new FolderStore("s3a://b/fleet", "parquet"));
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

        assertThat(o.store()).isEqualTo(new FolderStore("o", "delta"));
        assertThat(o.report()).isTrue();
        assertThat(o.sinceMs()).hasValue(Instant.parse("2026-12-05T05:00:00Z").toEpochMilli());
    }

    @Test
    void tablesNameACatalogAndANamespaceAndLeaveTheProviderToTheCatalog() {
        FleetJobOptions iceberg = FleetJobOptions.parse(List.of("--events", "e", "--tables", "fleet.sparkdoc"), CLOCK);
        FleetJobOptions nested = FleetJobOptions.parse(List.of("--events", "e", "--tables", "glue.team-a.sparkdoc",
                "--format", "iceberg"), CLOCK);

        assertThat(iceberg.store()).isEqualTo(new CatalogStore("fleet", List.of("sparkdoc"), Optional.empty()));
        assertThat(((CatalogStore) iceberg.store()).tableName("applications")).isEqualTo("`fleet`.`sparkdoc`.`applications`");
        assertThat(iceberg.store().describe()).isEqualTo("in fleet.sparkdoc");
        assertThat(nested.store()).isEqualTo(new CatalogStore("glue", List.of("team-a", "sparkdoc"), Optional.of("iceberg")));
    }

    @Test
    void eachMistakeIsOneLineNamingTheFix() {
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--out", "o", "--tables", "fleet.sparkdoc"), CLOCK))
                .hasMessage("--out and --tables name two stores: give one, --out for folders or --tables for the tables of a catalog");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--tables", "sparkdoc"), CLOCK))
                .hasMessage("--tables sparkdoc: give CATALOG.NAMESPACE, e.g. fleet.sparkdoc (spark_catalog.sparkdoc for the session catalog)");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--tables", "fleet.x;drop"), CLOCK))
                .hasMessageStartingWith("--tables fleet.x;drop: give CATALOG.NAMESPACE");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e", "--tables", "fleet..x"), CLOCK))
                .hasMessageStartingWith("--tables fleet..x: give CATALOG.NAMESPACE");
        assertThatThrownBy(() -> FleetJobOptions.parse(List.of("--events", "e"), CLOCK))
                .hasMessageStartingWith("--events and one of --out or --tables are required: usage: spark-submit");
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
