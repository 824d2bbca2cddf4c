package dev.sparkdoc.signals;

import static dev.sparkdoc.signals.Facts.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;


import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A join's fan-out on real plans. Corpus j401_join_duplicate_keys_explosion (Spark 4.0.1,
 * local[2]) joins 500,000 order lines (spark.range(0, 500_000)) to 200,000 shipments on
 * customer_id, which each of 4,000 customers repeats ~125 times on one side and ~50 on the other:
 * the BroadcastHashJoin makes ~25 million rows, and its pipeline and the aggregation after it
 * handle them all. j359_healthy_broadcast_join joins a fact table to its dimension on the
 * dimension's key: one output row per fact row.
 */
class JoinFanOutTest {

    private static AppSnapshot read(String corpusCase) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus", corpusCase))) {
            return new EventLogSource(files.findFirst().orElseThrow()).read();
        }
    }

    private static ScopeFacts query(SignalSet facts, String id) {
        return facts.of(ScopeKind.SQL).stream().filter(f -> f.scope().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aJoinOnAKeyBothSidesRepeatIsNamedWithItsKeyFactorAndTheWorkAfterIt() throws IOException {
        AppSnapshot app = read("j401_join_duplicate_keys_explosion");
        ScopeFacts q = query(Signals.compute(app), "0");

        double rowsOut = value(q, "sql.join.fanOut.rowsOut");
        // ~125 lines × ~50 shipments × 4,000 customers, from 500,000 lines (the larger input)
        assertThat(rowsOut).isBetween(20e6, 30e6);
        assertThat(value(q, "sql.join.fanOut.rowsIn")).isEqualTo(500_000.0);
        assertThat(value(q, "sql.join.fanOut")).isCloseTo(rowsOut / 500_000, within(1e-9));
        assertThat(q.text("sql.join.fanOut.join")).hasValue("BroadcastHashJoin on customer_id");
        assertThat(q.text("sql.join.fanOut.keys")).hasValue("customer_id");

        // the join's pipeline and the aggregation's after it: more than nothing, never more than
        // the query's stages ran
        long stagesRun = app.stages().stream().mapToLong(s -> s.totals().executorRunTimeMs()).sum();
        double taskMs = value(q, "sql.join.fanOut.taskTime");
        assertThat(taskMs).isPositive().isLessThanOrEqualTo(stagesRun);
        // a unique key would have left 1/51 of that work; spread over the 2 slots, within the query's time
        double lost = value(q, "sql.join.fanOut.secondsLost");
        assertThat(lost).isCloseTo(taskMs / 1000 * (1 - 500_000 / rowsOut) / 2, within(1e-6))
                .isLessThanOrEqualTo(value(q, "sql.duration") / 1000);
    }

    @Test
    void aFactTableJoinedToItsDimensionDoesNotFanOut() throws IOException {
        AppSnapshot app = read("j359_healthy_broadcast_join");
        ScopeFacts q = query(Signals.compute(app), "0");

        assertThat(value(q, "sql.join.fanOut")).isLessThanOrEqualTo(1.0);
        assertThat(value(q, "sql.join.fanOut.rowsOut")).isLessThanOrEqualTo(value(q, "sql.join.fanOut.rowsIn"));
        // no extra rows, no cost
        assertThat(q.value("sql.join.fanOut.secondsLost")).isEmpty();
    }

    @Test
    void keysAreReadFromTheJoinsPlanDetailWithoutSparksExpressionIds() {
        assertThat(JoinKeys.of("BroadcastHashJoin [customer_id#3], [customer_id#10L], Inner, BuildRight, false"))
                .hasValue("customer_id");
        assertThat(JoinKeys.of("SortMergeJoin [order_id#2L, cast(day#4 as date)], [oid#20L, ship_day#21], LeftOuter"))
                .hasValue("order_id = oid, cast(day as date) = ship_day");
        // a REST plan names the operator alone
        assertThat(JoinKeys.of("")).isEmpty();
        assertThat(JoinKeys.of("SortMergeJoin [a#1], Inner")).isEmpty();
    }
}
