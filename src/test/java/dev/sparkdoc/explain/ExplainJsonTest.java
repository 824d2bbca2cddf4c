package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.report.ExplainJson;
import dev.sparkdoc.report.ExplainText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The --json contract: {errors[]: {exception, message, userFrame {file, line}, family, title, remedies[] {text, conf, code}, docs}}. */
class ExplainJsonTest {

    private static JsonNode json(String resource) throws Exception {
        return new ObjectMapper().readTree(ExplainJson.render(Texts.explain(resource), false));
    }

    @Test
    void jsonHasTheContractNames() throws Exception {
        JsonNode e = json("python/udf-zero-division-py4j-log.txt").get("errors").get(0);

        assertThat(e.get("exception").asText()).isEqualTo("ZeroDivisionError");
        assertThat(e.get("message").asText()).isEqualTo("division by zero");
        assertThat(e.get("userFrame").get("file").asText()).isEqualTo("/home/ana/jobs/job.py");
        assertThat(e.get("userFrame").get("line").asInt()).isEqualTo(17);
        assertThat(e.get("family").asText()).isEqualTo("python");
        assertThat(e.get("title").asText()).isNotBlank();
        assertThat(e.get("docs").asText()).startsWith("https://");
        JsonNode remedy = e.get("remedies").get(1);
        assertThat(remedy.get("text").asText()).isNotBlank();
        assertThat(remedy.get("conf").get("spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled").asText()).isEqualTo("false");
        assertThat(remedy.has("code")).isTrue();
    }

    @Test
    void missingUserFrameIsNullAndErrorsKeepTheirOrder() throws Exception {
        JsonNode errors = json("jvm/two-errors.txt").get("errors");

        assertThat(errors).hasSize(2);
        assertThat(errors.get(0).get("userFrame").isNull()).isTrue();
        assertThat(errors.get(0).get("exception").asText()).isEqualTo("java.lang.OutOfMemoryError");
        assertThat(errors.get(1).get("exception").asText()).isEqualTo("org.apache.spark.shuffle.FetchFailedException");
    }

    @Test
    void nothingFoundIsAnEmptyList() throws Exception {
        JsonNode root = new ObjectMapper().readTree(ExplainJson.render(List.of(), false));

        assertThat(root.get("errors").isArray()).isTrue();
        assertThat(root.get("errors")).isEmpty();
    }

    @Test
    void textReportShowsWhereAndTheSettingsToCopy() {
        List<String> lines = ExplainText.lines(Texts.explain("jvm/broadcast-timeout.txt"));

        assertThat(lines).contains("1. java.util.concurrent.TimeoutException");
        assertThat(lines).anySatisfy(l -> assertThat(l).isEqualTo("   where:  Match.scala:64, in com.acme.join.Match$.main"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("--conf spark.sql.broadcastTimeout=1200"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("   family: joins"));
    }
}
