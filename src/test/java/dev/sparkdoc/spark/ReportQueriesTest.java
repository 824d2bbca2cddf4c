package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.fleet.store.FleetReports;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report queries the fleet job runs: the fleet report's own files, their parameters filled in. */
class ReportQueriesTest {

    @Test
    void fillsSinceAndLeavesColonsInsideTextAlone() {
        String sql = FleetReports.bind("SELECT '12:30' AS t FROM applications WHERE start_ms >= :since_ms;\n", Map.of("since_ms", 1234L));

        assertThat(sql.strip()).isEqualTo("SELECT '12:30' AS t FROM applications WHERE start_ms >= 1234;");
    }

    @Test
    void anUnknownParameterIsNamed() {
        assertThatThrownBy(() -> FleetReports.bind("SELECT * FROM findings WHERE day >= :since_day", Map.of("since_ms", 0L)))
                .hasMessage("no value for :since_day");
    }

    @Test
    void everyReportFileIsFoundWithItsParametersFilled() {
        List<ReportQueries.Query> all = ReportQueries.all(42);

        assertThat(all).extracting(ReportQueries.Query::name).containsExactly("costly-rules", "recurring", "regressions",
                "regression-findings", "new-failures", "logs-by-status");
        assertThat(all).allSatisfy(q -> assertThat(q.sql()).doesNotContainPattern(":[a-z]").doesNotEndWith(";"));
        assertThat(all).filteredOn(q -> q.name().equals("costly-rules")).singleElement()
                .satisfies(q -> assertThat(q.sql()).contains(">= 42"));
    }
}
