package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.stage;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.testing.Snapshots;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * At 80×24 the parts of a line that say what and how much (state, uptime, ids, counts, times, the
 * way out) stay whole, whatever grows; the free text (names, hosts, messages) is what is cut.
 * Every instant is fixed: the uptimes are the snapshot's stamp minus the application's start.
 */
class KeyPartsAt80ColumnsTest {

    private static final String ID = "app-20261129132900-0042";
    private static final String LONG_NAME = "nightly-etl of the finance warehouse, rebuilt from the raw landing zone";

    @ParameterizedTest
    @CsvSource({"5, 5.0s", "32400, 9h00m", "188460, 2d04h", "273600, 3d04h", "1728000, 20d00h", "31536000, 365d"})
    void theHeaderKeepsStateUptimeAndIdWholeAndCutsTheName(long uptimeSeconds, String uptime) {
        String title = header(Snapshots.app().named(ID, LONG_NAME).running(T0.plusSeconds(uptimeSeconds)).build());

        assertThat(SafeText.width(title)).isLessThanOrEqualTo(80);
        assertThat(title).startsWith(" RUNNING │ Spark 4.0.1 │ up " + uptime + " │ nightly-etl of")
                .contains("…").endsWith(" (" + ID + ")");
    }

    @ParameterizedTest
    @ValueSource(longs = {5, 32400, 188460, 1728000})
    void aShortNameStaysWholeNextToTheIdAtAnyUptime(long uptimeSeconds) {
        String title = header(Snapshots.app().named(ID, "nightly-etl").running(T0.plusSeconds(uptimeSeconds)).build());

        assertThat(title).contains("nightly-etl (" + ID + ")").doesNotContain("…");
    }

    @Test
    void theBrandStaysWhenEverythingFits() {
        assertThat(header(Snapshots.app().named("app-1", "etl").running(T0.plusSeconds(5)).build()))
                .isEqualTo(" sparkdoc │ RUNNING │ Spark 4.0.1 │ up 5.0s │ etl (app-1)");
    }

    @Test
    void theStatusRowKeepsCountsAndFreshnessAndDropsDetailsFirst() {
        AppSnapshot snap = Snapshots.app().running(T0.plusSeconds(300)).executors(IntStream.range(0, 155)
                .mapToObj(i -> i < 35 ? executor(Integer.toString(i), 4).removed("lost") : executor(Integer.toString(i), 4))
                .toArray(Snapshots.ExecutorBuilder[]::new)).build();
        Instant at = snap.takenAt();
        UiState s = Update.apply(UiState.initial(PollStatus.live("http://driver:4040", Duration.ofSeconds(2)), 80, 24, at),
                new UiEvent.SnapshotArrived(TuiFixtures.diagnose(snap), ProcessPaneRows.NOT_YET, at, 900, Duration.ofSeconds(8))).state();
        String row = rows(keys(s, "p")).get(1);

        assertThat(SafeText.width(row)).isLessThanOrEqualTo(80);
        assertThat(row).isEqualTo("executors 120 alive 35 dead │ 0 jobs 0 stages │ PAUSED │ every 8.0s, 0s ago");
    }

    @ParameterizedTest
    @CsvSource({"2000, 'every 2.0s, 0s ago'", "2040, 'every 2.0s, 0s ago'", "1500, 'every 1.5s, 0s ago'",
            "8000, 'every 8.0s (slowed from 2.0s), 0s ago'"})
    void theStatusRowSaysSlowedOnlyWhenThePaceGrew(long nextMs, String freshness) {
        AppSnapshot snap = Snapshots.app().running(T0.plusSeconds(300)).build();
        Instant at = snap.takenAt();
        // wide enough for the detail "(slowed from …)", which 80 columns may drop
        UiState s = Update.apply(UiState.initial(PollStatus.live("http://driver:4040", Duration.ofSeconds(2)), 160, 50, at),
                new UiEvent.SnapshotArrived(TuiFixtures.diagnose(snap), ProcessPaneRows.NOT_YET, at, 900, Duration.ofMillis(nextMs))).state();

        assertThat(rows(s).get(1)).endsWith(" │ " + freshness);
    }

    @Test
    void whileReadsFailTheHeadlineIsCutAndSinceWhenStaysWhole() {
        AppSnapshot snap = Snapshots.app().named(ID, LONG_NAME).running(T0.plusSeconds(300)).build();
        UiState live = TuiFixtures.live(snap, 80, 24);
        Instant failedAt = snap.takenAt().plusSeconds(4);
        UiState s = Update.apply(live, new UiEvent.FetchFailed("internal error: java.lang.IllegalStateException: the "
                + "listener bus stopped while the snapshot was being assembled", "see attach.log", failedAt, Duration.ofSeconds(4)))
                .state().withNow(failedAt.plusSeconds(65));
        List<String> rows = rows(s);

        assertThat(rows.get(2)).startsWith("internal error: java.").contains("…")
                .endsWith(" since " + Fmt.clock(failedAt) + " (1m05s); last picture from " + Fmt.clock(snap.takenAt()) + " kept");
        assertThat(rows.get(23)).startsWith("q quit  ? help │ see attach.log");
        assertThat(rows).allMatch(r -> SafeText.width(r) <= 80);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2", "3", "4", "\n", "2\n"})
    void theFooterAlwaysEndsWithHelpAndQuit(String typed) {
        List<String> rows = rows(keys(TuiFixtures.live(TuiFixtures.liveCluster(T0.plusSeconds(300)), 80, 24), typed));

        assertThat(rows.get(23)).endsWith("? help  q quit").doesNotContain("…");
    }

    @Test
    void bigStageIdsAndTaskCountsStayWholeAndTheStageNameIsCut() {
        AppSnapshot snap = Snapshots.app().running(T0.plusSeconds(300))
                .stage(stage(123456).tasks(200000, 123456).active(64).name("insertInto at FinanceWarehouseNightlyRebuild.scala:1432"))
                .build();
        String row = rows(keys(TuiFixtures.live(snap, 80, 24), "2")).get(5);

        assertThat(SafeText.width(row)).isLessThanOrEqualTo(80);
        assertThat(row).startsWith("123456 run").contains(" 123456/200000 ", "insertInto at").endsWith("…");
    }

    @Test
    void longHostsAreCutAndTheExecutorsFiguresStayWhole() {
        AppSnapshot snap = Snapshots.app().running(T0.plusSeconds(300))
                .executors(executor("117", 16).host("ip-10-0-12-34.eu-west-1.compute.internal").tasks(90000, 12345)).build();
        String row = rows(keys(TuiFixtures.live(snap, 80, 24), "3")).stream().filter(r -> r.startsWith("117 ")).findFirst().orElseThrow();

        assertThat(SafeText.width(row)).isLessThanOrEqualTo(80);
        assertThat(row).contains("ip-1", "…", "  16 ", " 12345 ", "0/2.0G").endsWith("–");
    }

    @Test
    void longRolesPidsAndThreadCountsStayWholeAndTheCommandIsCut() {
        UiState base = TuiFixtures.live(TuiFixtures.liveCluster(T0.plusSeconds(300)), 80, 24);
        UiState s = base.withData(base.diagnosis().orElseThrow(), ProcessPaneRows.of(List.of(new ProcessRow(4194304, "standalone-worker", Optional.of("driver"), 1250,
                12L << 30, 12345, "/usr/lib/jvm/java-17/bin/java -cp /opt/spark/conf:/opt/spark/jars/* org.apache.spark.deploy.worker.Worker",
                List.of(1250.0)))));
        String row = rows(keys(s, "4")).get(5);

        assertThat(SafeText.width(row)).isLessThanOrEqualTo(80);
        assertThat(row).startsWith("4194304 standalone-worker driver  1250  12.0G 12345 ").contains("/usr/lib").endsWith("…");
    }

    @Test
    void theStageDrillWrapsItsTotalsInsteadOfCuttingAFigure() {
        UiState s = keys(TuiFixtures.live(TuiFixtures.liveCluster(T0.plusSeconds(300)), 80, 24), "2\n");
        String screen = String.join("\n", rows(s));

        assertThat(screen).contains("· spill 0 mem /\n  0 disk").doesNotContain("mem …");
        assertThat(rows(s)).allMatch(r -> SafeText.width(r) <= 80);
    }

    @Test
    void aLongCopiedConfLineIsWrappedInTheBoxNotCut() {
        Frame f = new Frame(80, 24);
        String conf = "--conf spark.executor.extraJavaOptions=-XX:+UseG1GC -XX:MaxGCPauseMillis=200 "
                + "-XX:InitiatingHeapOccupancyPercent=35 -XX:+ExitOnOutOfMemoryError";
        Overlay.box(f, "Copied", List.of(Line.of(conf, Tone.CONF)), "any key closes");
        String screen = TextBackend.text(f);

        assertThat(screen).contains("-XX:MaxGCPauseMillis=200", "-XX:+ExitOnOutOfMemoryError").doesNotContain("…");
    }

    private static String header(AppSnapshot snap) {
        return rows(TuiFixtures.live(snap, 80, 24)).get(0);
    }

    private static List<String> rows(UiState s) {
        return TextBackend.lines(Views.render(s));
    }
}
