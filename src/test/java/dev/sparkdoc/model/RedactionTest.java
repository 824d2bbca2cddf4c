package dev.sparkdoc.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void hidesValuesOfSecretKeysLikeSparkDoes() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("spark.hadoop.fs.s3a.secret.key", "AKIAsecret");
        props.put("spark.hadoop.fs.s3a.access.key", "AKIA123");
        props.put("spark.ssl.keyStorePassword", "hunter2");
        props.put("spark.authenticate.secret", "abc");
        props.put("spark.executor.memory", "4g");
        props.put("spark.authenticate", "true");
        props.put("spark.jdbc.url", "jdbc:postgresql://db/x?password=hunter2");

        Map<String, String> out = Redaction.properties(props);

        assertThat(out).containsEntry("spark.executor.memory", "4g").containsEntry("spark.authenticate", "true");
        assertThat(out.values()).doesNotContain("AKIAsecret", "AKIA123", "hunter2", "abc",
                "jdbc:postgresql://db/x?password=hunter2");
        assertThat(out.keySet()).containsExactlyElementsOf(props.keySet());
    }
}
