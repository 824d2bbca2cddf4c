package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The report queries the fleet job runs: found on the class path, their parameters filled in. */
class ReportQueriesTest {

    @Test
    void fillsSinceAndLeavesColonsInsideTextAlone() {
        String sql = ReportQueries.fill("r", "SELECT '12:30' AS t FROM applications WHERE start_ms >= :since_ms;\n", 1234);

        assertThat(sql).isEqualTo("SELECT '12:30' AS t FROM applications WHERE start_ms >= 1234");
    }

    @Test
    void anUnknownParameterNamesTheReport() {
        assertThatThrownBy(() -> ReportQueries.fill("top", "SELECT * FROM findings WHERE day >= :since_day", 0))
                .hasMessage("report top: unknown parameter :since_day (only :since_ms is given)");
    }

    @Test
    void everyReportFileIsFoundWithItsParametersFilled() {
        List<ReportQueries.Query> all = ReportQueries.all(42);

        assertThat(all).extracting(ReportQueries.Query::name).contains("rules-costing-most", "logs-by-status");
        assertThat(all).allSatisfy(q -> assertThat(q.sql()).doesNotContain(":since_ms").startsWith("--"));
        assertThat(all).filteredOn(q -> q.name().equals("rules-costing-most")).singleElement()
                .satisfies(q -> assertThat(q.sql()).contains(">= 42"));
    }
}
