package dev.sparkdoc.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.signals.AppContext;
import dev.sparkdoc.signals.TimeSignals;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import dev.sparkdoc.testing.RealLogs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real event log we have adds up: the wall parts to the wall clock, the slot parts to the
 * slot time offered, within 1 %, none negative; the critical path within the ideal time, and
 * that within the wall clock. The shared fixtures (../shared/fixtures, beside the clone) count
 * when present; logs that do not read (the broken ones kept for the reader's tests) are skipped.
 */
class RealLogAccountTest {

    private static final List<String> ROOTS = List.of("examples", "src/test/resources/spark/eventlogs",
            "src/test/resources/public-eventlogs", "src/test/resources/spark-upstream/spark-events",
            "src/test/resources/spark-upstream/spark-events-broken", "src/test/resources/spark-upstream/sql-spark-events",
            "../shared/fixtures");

    static Stream<String> logs() throws IOException {
        return RealLogs.under(ROOTS);
    }

    @ParameterizedTest
    @MethodSource("logs")
    void partsSumToTheWholeAndNoneIsNegative(String log) {
        AppSnapshot snapshot = read(log);
        Optional<TimeAccount> account = TimeSignals.account(AppContext.of(snapshot));
        assumeTrue(account.isPresent(), "no start time, no stage, no executor: nothing to account for");
        TimeAccount a = account.get();

        long wall = a.parts().stream().filter(p -> p.cause().clock() == Cause.Clock.WALL).mapToLong(TimeAccount.Part::ms).sum();
        long slots = a.parts().stream().filter(p -> p.cause().clock() == Cause.Clock.SLOT).mapToLong(TimeAccount.Part::ms).sum();
        assertThat(a.parts()).allSatisfy(p -> assertThat(p.ms()).as(p.cause().id()).isNotNegative());
        assertThat((double) wall).as("wall parts").isCloseTo(a.wallMs(), org.assertj.core.data.Offset.offset(a.wallMs() * 0.01 + 1));
        assertThat((double) slots).as("slot parts").isCloseTo(a.slotMs(), org.assertj.core.data.Offset.offset(a.slotMs() * 0.01 + 1));
        for (Cause c : Cause.values()) {
            assertThat(a.share(c)).as(c.id()).isBetween(0.0, 1.0);
        }
        assertThat(a.criticalPathMs()).as("critical path").isNotNegative().isLessThanOrEqualTo(a.idealMs());
        assertThat(a.idealMs()).as("ideal").isLessThanOrEqualTo(a.wallMs());
    }

    private static AppSnapshot read(String log) {
        try {
            return new EventLogSource(Path.of(log)).read();
        } catch (RuntimeException e) {
            assumeTrue(false, "not a readable event log: " + e.getMessage());
            throw new AssertionError(e);
        }
    }
}
