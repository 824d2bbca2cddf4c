package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.silent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class NullRulesTest {

    private static final String VANISH = "nulls.rows-vanish";

    /** Scan → WholeStageCodegen-less Project → Filter, with the rows each produced. */
    private static Snapshots filter(long scanned, long kept) {
        return Snapshots.app().sql(Plans.plan()
                .node(0, "Filter", "number of output rows", kept)
                .node(1, "Project")
                .node(2, "Scan parquet orders", "number of output rows", scanned)
                .edge(2, 1).edge(1, 0).build(0, 5_000));
    }

    @Test
    void filterThatDropsEveryRowIsReported() {
        Finding f = fires(filter(1_000_000, 0), VANISH, "0");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("In query 0 a filter or join received rows and produced none");
        assertThat(evidence(f, "sql.filters.emptied")).isEqualTo(1.0);
        assertThat(f.confidence()).isLessThan(0.5);
    }

    @Test
    void filterOverAnEmptyInputStaysQuiet() {
        silent(filter(0, 0));
    }

    @Test
    void filterKeepingOneRowStaysQuiet() {
        silent(filter(1_000_000, 1));
    }
}
