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

class UdfRulesTest {

    private static final String ROW_UDF = "udf.python-row-udf";

    private static Snapshots rowUdf(long durationMs) {
        return Snapshots.app().conf("spark.executor.processTreeMetrics.enabled", "true")
                .sql(Plans.plan().node(0, "Project").node(1, "BatchEvalPython").node(2, "Scan parquet t")
                        .edge(2, 1).edge(1, 0).build(0, durationMs));
    }

    @Test
    void rowUdfRunningTwoMinutesIsReported() {
        Finding f = fires(rowUdf(120_000), ROW_UDF, "0");

        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.title()).isEqualTo("Query 0 runs a row-at-a-time Python UDF (BatchEvalPython) for 2 min 00 s");
        // a plan with no stages to read the UDF's pipelines from: reported, its cost not measured
        assertThat(f.costMeasured()).isFalse();
        assertThat(evidence(f, "sql.fractionOfApp")).isEqualTo(0.2);
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.code()).hasValueSatisfying(c -> assertThat(c).contains("@pandas_udf")));
    }

    @Test
    void rowUdfTakingFortyPercentOfTheAppIsAWarning() {
        // at 40% the Python family reports the query as well
        Finding f = fires(rowUdf(240_000), ROW_UDF, "0", "python.operators-dominate");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void rowUdfInANineSecondQueryStaysQuiet() {
        silent(rowUdf(9_000));
    }
}
