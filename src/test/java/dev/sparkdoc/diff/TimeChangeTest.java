package dev.sparkdoc.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.signals.AccountFacts;
import dev.sparkdoc.signals.AccountFacts.Piece;
import java.io.IOException;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** diff's headline from the two runs' time accounts: which parts the wall-time change went to, and when it is noise. */
class TimeChangeTest {

    /** Two real runs of the same multi-stage join (Spark 4.0.1, local[2]): the first in a fresh JVM, the second warmed up. */
    static final String FIRST_RUN = "src/test/resources/spark/eventlogs/join-plain/local-1795967342242";
    static final String SECOND_RUN = "src/test/resources/spark/eventlogs/join-lz4/local-1795967348680.lz4";

    /** wall = driver + waiting + stages; the slots while stages ran are compute, fetch wait, GC and a tail. */
    private static AccountFacts run(long driver, long stages, long compute, long fetch, long gc, long tail, long idleBetweenJobs) {
        return new AccountFacts(driver + stages, compute + fetch + gc + tail + idleBetweenJobs,
                List.of(new Piece("driverOnly", "driver only", "driver", driver), new Piece("waiting", "waiting", "waiting", 0),
                        new Piece("stagesRunning", "stages running", "stages", stages)),
                List.of(new Piece("compute", "compute", "compute", compute), new Piece("fetchWait", "fetch wait", "fetch", fetch),
                        new Piece("gc", "GC", "GC", gc), new Piece("idle.tail", "idle in stage tails", "idle", tail),
                        new Piece("idle.noJob", "idle between jobs", "idle", idleBetweenJobs)));
    }

    @Test
    void aFasterRunNamesThePartsThatShrankLargestFirst() {
        // 8 slots: 300 s of stages is 2,400 slot-s; then 120 s of stages is 960 slot-s
        AccountFacts before = run(20_000, 300_000, 1_200_000, 800_000, 400_000, 0, 160_000);
        AccountFacts after = run(20_000, 120_000, 720_000, 80_000, 160_000, 0, 160_000);

        TimeChange c = TimeChange.of(before, after);

        assertThat(c.headline()).contains("the run got 3 min 00 s faster: 1 min 30 s less fetch wait, 1 min 00 s less compute, 30.0 s less GC");
        assertThat(c.parts()).extracting(TimeChange.PartChange::part).startsWith("fetchWait", "compute", "gc");
        assertThat(c.parts().stream().mapToLong(TimeChange.PartChange::deltaMs).sum()).isCloseTo(c.deltaMs(), org.assertj.core.data.Offset.offset(2L));
    }

    @Test
    void partsThatMovedMoreThanTheWholeNameTheOneThatWentTheOtherWay() {
        AccountFacts before = run(60_000, 100_000, 800_000, 0, 0, 0, 0);
        AccountFacts after = run(10_000, 160_000, 1_280_000, 0, 0, 0, 0);

        TimeChange c = TimeChange.of(before, after);

        assertThat(c.headline()).contains("the run got 10.0 s slower: 1 min 00 s more compute; against 50.0 s less driver only");
    }

    @Test
    void withinFivePercentOrASecondThereIsNoHeadline() {
        AccountFacts before = run(10_000, 100_000, 800_000, 0, 0, 0, 0);

        TimeChange small = TimeChange.of(before, run(10_000, 105_000, 840_000, 0, 0, 0, 0));
        TimeChange tiny = TimeChange.of(run(1_000, 4_000, 8_000, 0, 0, 0, 0), run(1_000, 4_900, 9_800, 0, 0, 0, 0));

        assertThat(small.withinNoise()).as("5.0 s of 110 s is under 5 %").isTrue();
        assertThat(small.headline()).isEmpty();
        assertThat(small.noiseMs()).isEqualTo(5_500);
        assertThat(tiny.withinNoise()).as("900 ms is under a second").isTrue();
        assertThat(tiny.noiseMs()).isEqualTo(1_000);
    }

    @Test
    void twoRealRunsOfOneAppTellTheirDifferenceByTheirAccountsParts() throws IOException {
        JsonNode report = Json.mapper().readTree(CliRun.of("diff", "--json", FIRST_RUN, SECOND_RUN).out());
        JsonNode first = Json.mapper().readTree(CliRun.of("triage", "--json", FIRST_RUN).out());
        JsonNode second = Json.mapper().readTree(CliRun.of("triage", "--json", SECOND_RUN).out());
        assertThat(DiffVersionsTest.SCHEMA.validate(report)).isEmpty();

        JsonNode change = report.get("timeChange");
        // the same walls as triage's accounts
        assertThat(change.get("baselineWallMs").asLong()).isEqualTo(first.at("/timeAccount/wallMs").asLong());
        assertThat(change.get("currentWallMs").asLong()).isEqualTo(second.at("/timeAccount/wallMs").asLong());
        long delta = change.get("deltaMs").asLong();
        List<JsonNode> parts = StreamSupport.stream(change.get("parts").spliterator(), false).toList();
        assertThat(parts.stream().mapToLong(p -> p.get("deltaMs").asLong()).sum()).isCloseTo(delta, org.assertj.core.data.Offset.offset(15L));
        // driver only is a wall part of its own: its change is triage's two numbers apart
        JsonNode driver = parts.stream().filter(p -> p.get("part").asText().equals("driverOnly")).findFirst().orElseThrow();
        assertThat(driver.get("deltaMs").asLong()).isEqualTo(wallPart(second, "driverOnly") - wallPart(first, "driverOnly"));

        assertThat(Math.abs(delta)).isGreaterThan(change.get("noiseMs").asLong());
        JsonNode largestSameWay = parts.stream().filter(p -> Long.signum(p.get("deltaMs").asLong()) == Long.signum(delta)).findFirst().orElseThrow();
        String way = delta < 0 ? " less " : " more ";
        assertThat(change.get("headline").asText()).startsWith("the run got ").contains(delta < 0 ? "faster: " : "slower: ")
                .contains(way + largestSameWay.get("label").asText());
        assertThat(CliRun.of("diff", "--no-color", FIRST_RUN, SECOND_RUN).out().lines().skip(1))
                .anySatisfy(l -> assertThat(l).startsWith("time: the run got "));
    }

    @Test
    void aRunAgainstItselfIsWithinNoise() throws IOException {
        JsonNode change = Json.mapper().readTree(CliRun.of("diff", "--json", FIRST_RUN, FIRST_RUN).out()).get("timeChange");

        assertThat(change.get("withinNoise").asBoolean()).isTrue();
        assertThat(change.has("headline")).isFalse();
        assertThat(change.get("parts")).allSatisfy(p -> assertThat(p.get("deltaMs").asLong()).isZero());
    }

    private static long wallPart(JsonNode triage, String cause) {
        for (JsonNode p : triage.at("/timeAccount/parts")) {
            if (p.get("cause").asText().equals(cause)) {
                return p.get("wallMs").asLong();
            }
        }
        throw new AssertionError("no part " + cause);
    }
}
