package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import dev.sparkdoc.source.rest.dto.ExecutionDataDto.Node;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The REST {@code planDescription} read back into the operators' text. The plan is real: Spark
 * 4.0.1 (this build's test scope) printed it for
 * {@code range(0, 1000).filter(normalize(id) > 3).groupBy(id % 10).agg(sum(normalize(id)))} with
 * {@code normalize} a registered Java UDF, as {@code explain("formatted")} and the UI's REST API do.
 */
class FormattedPlanTest {

    private static String plan() throws IOException {
        try (InputStream in = FormattedPlanTest.class.getResourceAsStream("/spark/plans/formatted-udf-aggregate.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void eachOperatorsLinesAreKeptUnderItsNameAndCodegenId() throws IOException {
        Map<String, String> sections = FormattedPlan.sections(plan());

        assertThat(sections.get(FormattedPlan.key("Filter", Optional.of(1L)))).isEqualTo("Input [1]: [id#0L] Condition : (normalize(id#0L) > 3)");
        assertThat(sections.get(FormattedPlan.key("HashAggregate", Optional.of(1L)))).contains("Functions [1]: [partial_sum(normalize(id#0L))]");
        // the final and the initial plan's exchange share a key: their texts are joined, never lost
        assertThat(sections.get(FormattedPlan.key("Exchange", Optional.empty()))).contains("plan_id=31", "plan_id=19");
        // the tree above the sections is not an operator's text
        assertThat(sections.keySet()).noneMatch(k -> k.contains("+-") || k.contains("=="));
    }

    @Test
    void restNodesTakeTheirTextAndTheUdfIsFoundInIt() throws IOException {
        List<Node> nodes = List.of(new Node(4, "Filter", 1L, List.of()), new Node(3, "Project", 1L, List.of()),
                new Node(2, "HashAggregate", 1L, List.of()), new Node(1, "WholeStageCodegen (1)", null, List.of()),
                new Node(5, "Exchange", null, List.of()));
        ExecutionDataDto dto = new ExecutionDataDto(7, "COMPLETED", "collect", "", "2026-11-29T15:36:59.051GMT", 6_000,
                List.of(), List.of(1), List.of(), nodes, List.of(), null);

        SqlExecution sql = SqlMapper.map(dto, FormattedPlan.sections(plan()));

        assertThat(sql.nodes()).filteredOn(n -> n.name().equals("Filter")).singleElement()
                .satisfies(n -> assertThat(n.detail()).contains("normalize(id#0L) > 3"));
        assertThat(sql.nodes()).filteredOn(n -> n.name().startsWith("WholeStageCodegen")).singleElement()
                .satisfies(n -> assertThat(n.detail()).isEmpty());
    }

    @Test
    void aPlanInAnotherExplainModeGivesNoText() {
        assertThat(FormattedPlan.sections("== Physical Plan ==\n*(1) Project [normalize(id#0L) AS n#2L]\n+- *(1) Range (0, 10)\n")).isEmpty();
        assertThat(FormattedPlan.sections("")).isEmpty();
        assertThat(FormattedPlan.sections(null)).isEmpty();
    }
}
