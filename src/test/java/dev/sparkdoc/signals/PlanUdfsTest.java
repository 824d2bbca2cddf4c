package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * UDFs found in operators' expression text. The texts are real {@code simpleString}s from the
 * event logs under src/test/resources (Spark 3.x and the Databricks runtime) and from this
 * repository's own PySpark runs.
 */
class PlanUdfsTest {

    private static List<PlanUdf> of(String operator, String detail) {
        return PlanUdfs.of(List.of(new PlanNode(1, operator, Optional.of(1L), List.of(), detail)));
    }

    private static List<String> names(String operator, String detail) {
        return of(operator, detail).stream().map(PlanUdf::name).toList();
    }

    @Test
    void anAggregatesOwnNameAndItsBuiltInPhasesAreNoUdf() {
        assertThat(names("HashAggregate", "HashAggregate(keys=[key#35L], functions=[partial_count(1)])")).isEmpty();
        assertThat(names("HashAggregate", "HashAggregate(keys=[], functions=[merge_sum(x#1), finalmerge_avg(y#2)])")).isEmpty();
        assertThat(names("ObjectHashAggregate", "ObjectHashAggregate(keys=[k#1], functions=[partial_collect_list(v#2, 0, 0)])")).isEmpty();
    }

    @Test
    void showsPrettyPrintingIsNoUdf() {
        // Spark 3.5+ wraps every column Dataset.show() prints in ToPrettyString
        assertThat(names("Project", "Project [toprettystring(id#0L, Some(UTC)) AS toprettystring(id)#12, "
                + "toprettystring(name#1, Some(UTC)) AS toprettystring(name)#13]")).isEmpty();
    }

    @Test
    void anUnnamedScalaUdfPrintsAsUdf() {
        List<PlanUdf> udfs = of("Project", "Project [city#27, country#28, id#29L, name#30, UDF(country#28) AS normalisedCountry#37]");
        assertThat(udfs).extracting(PlanUdf::name).containsExactly("UDF");
        assertThat(udfs).extracting(PlanUdf::kind).containsExactly(UdfKind.JVM);
    }

    @Test
    void aRegisteredUdfIsFoundByItsNameInsideBuiltIns() {
        assertThat(names("Project", "Project [if (isnull(cast(age#9L as int))) null else normalize(knownnotnull(cast(age#9L as int))) AS c#50]"))
                .containsExactly("normalize");
    }

    @Test
    void aHiveUdfIsNamedByItsClass() {
        assertThat(names("Project", "Project [id#0, value#1, HiveGenericUDF#com.udf.IntegerMultiplyBy2UDF(value#1) AS doubled#4L]"))
                .containsExactly("IntegerMultiplyBy2UDF");
    }

    @Test
    void aColumnNamedAfterAPythonCallIsNoUdf() {
        // the Project over a BatchEvalPython only renames its result
        assertThat(names("Project", "Project [pythonUDF0#5L AS native_call(id)#3L]")).isEmpty();
    }

    @Test
    void pythonUdfsTakeTheirKindFromTheirOperator() {
        assertThat(of("BatchEvalPython", "BatchEvalPython [multiply_by_two(value#1)#4], [pythonUDF0#13]"))
                .extracting(PlanUdf::name, PlanUdf::kind).containsExactly(org.assertj.core.groups.Tuple.tuple("multiply_by_two", UdfKind.PYTHON_ROW));
        assertThat(of("FlatMapGroupsInPandas", "FlatMapGroupsInPandas [id#29L], _normalize_cpu_func(id#29L, v#30), [id#36L, v#37]"))
                .extracting(PlanUdf::name, PlanUdf::kind).containsExactly(org.assertj.core.groups.Tuple.tuple("_normalize_cpu_func", UdfKind.PYTHON_ARROW));
        assertThat(names("WindowInPandas", "WindowInPandas [_sum_cpu_func(v#41) windowspecdefinition(id#40L, specifiedwindowframe(RowFrame, "
                + "unboundedpreceding$(), unboundedfollowing$())) AS sum_v#45], [id#40L]")).containsExactly("_sum_cpu_func");
        // a Python UDF whose name reads as a built-in still runs Python
        assertThat(names("BatchEvalPython", "BatchEvalPython [upper(name#1)#4], [pythonUDF0#13]")).containsExactly("BatchEvalPython");
    }

    @Test
    void scansAndExchangesAreNotSearched() {
        assertThat(names("Scan parquet", "FileScan parquet [a#1] PushedFilters: [IsNotNull(a), EqualTo(a,1)]")).isEmpty();
        assertThat(names("Exchange", "Exchange hashpartitioning(key#26L, 8), ENSURE_REQUIREMENTS, [plan_id=271]")).isEmpty();
    }

    /** Every fixture log: the only JVM UDFs found are the ones their applications really define. */
    @Test
    void theTestLogsJvmUdfsAreTheirOwn() {
        Set<String> jvm = new TreeSet<>();
        Set<String> python = new TreeSet<>();
        for (ProducedFacts.Source s : ProducedFacts.all()) {
            for (ScopeFacts scope : s.signals().of(ScopeKind.SQL)) {
                scope.text("sql.udf.jvm.names").ifPresent(jvm::add);
                scope.text("sql.udf.python.names").ifPresent(python::add);
            }
        }
        // "slow": the broadcast side of aborted-broadcast-timeout, a UDF that sleeps
        assertThat(jvm).containsExactly("IntegerMultiplyBy2UDF", "UDF", "slow");
        assertThat(python).contains("multiply_by_two", "parse_amount", "hold_batch", "native_call");
    }
}
