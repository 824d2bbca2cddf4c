package dev.sparkdoc.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.json.Json;
import org.junit.jupiter.api.Test;

class AnswerBudgetTest {

    private static ObjectNode answer(int findings, int textChars) {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("schemaVersion", 1);
        ArrayNode list = root.putArray("findings");
        for (int i = 0; i < findings; i++) {
            list.addObject().put("rule", "rule-" + i).put("title", "finding number " + i + " with some words of evidence");
        }
        root.put("log", "x".repeat(textChars));
        return root;
    }

    @Test
    void anAnswerThatFitsIsLeftAsItIs() {
        ObjectNode small = answer(3, 10);

        assertThat(AnswerBudget.fit(small, 4_096)).isSameAs(small);
    }

    @Test
    void aLargeListKeepsItsFirstItemsAndSaysHowManyMoreThereWere() {
        ObjectNode big = answer(2_000, 10);

        ObjectNode fitted = AnswerBudget.fit(big, 8_192);

        assertThat(AnswerBudget.bytes(fitted)).isLessThanOrEqualTo(8_192);
        JsonNode findings = fitted.path("findings");
        assertThat(findings.size()).isPositive();
        for (int i = 0; i < findings.size(); i++) {
            assertThat(findings.get(i).path("rule").asText()).isEqualTo("rule-" + i);
        }
        JsonNode cut = fitted.path("truncated").get(0);
        assertThat(cut.path("path").asText()).isEqualTo("/findings");
        assertThat(cut.path("unit").asText()).isEqualTo("items");
        assertThat(cut.path("shown").asInt()).isEqualTo(findings.size());
        assertThat(cut.path("shown").asInt() + cut.path("more").asInt()).isEqualTo(2_000);
        assertThat(big.path("findings").size()).as("the caller's answer is not changed").isEqualTo(2_000);
    }

    @Test
    void aLongTextIsHalvedUntilItFitsAndNamedAsCharacters() {
        ObjectNode fitted = AnswerBudget.fit(answer(1, 100_000), 8_192);

        assertThat(AnswerBudget.bytes(fitted)).isLessThanOrEqualTo(8_192);
        JsonNode cut = fitted.path("truncated").get(0);
        assertThat(cut.path("path").asText()).isEqualTo("/log");
        assertThat(cut.path("unit").asText()).isEqualTo("characters");
        assertThat(cut.path("more").asInt()).isEqualTo(100_000 - cut.path("shown").asInt());
        assertThat(fitted.path("log").asText()).hasSize(cut.path("shown").asInt() + 2).endsWith(" …");
        assertThat(fitted.path("findings")).hasSize(1);
    }
}
