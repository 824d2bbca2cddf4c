package dev.sparkdoc.spark;

import dev.sparkdoc.fleet.store.FleetReports;
import java.util.ArrayList;
import java.util.List;

/**
 * The fleet reports the job prints: the very SQL files {@code sparkdoc fleet report} runs on its
 * SQLite store ({@link FleetReports}), bound the same way, plus how the logs read, which only the
 * job's own run has to show.
 */
final class ReportQueries {

    /** The job's own report: the logs by status, one of each to look at. */
    static final String LOGS_BY_STATUS = "logs-by-status";

    /** One report: its name (the file's, without .sql) and its SQL with the parameters filled in. */
    record Query(String name, String sql) {
    }

    private ReportQueries() {
    }

    /** Every report, in the fleet report's order; {@code :since_ms} is 0 without --since. */
    static List<Query> all(long sinceMs) {
        List<String> names = new ArrayList<>(FleetReports.NAMES);
        names.add(LOGS_BY_STATUS);
        List<Query> queries = new ArrayList<>();
        FleetReports.bound(names, sinceMs).forEach((name, sql) -> queries.add(new Query(name, sql)));
        return queries;
    }
}
