package dev.sparkdoc.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedactionTest {

    @Test
    void whereASecretIsKeptIsNoSecret() {
        assertThat(Redaction.text("give user: and password: {env: VARIABLE}")).isEqualTo("give user: and password: {env: VARIABLE}");
        assertThat(Redaction.text("password: {file: ~/.sparkdoc-pw}, token=${SHS_TOKEN}"))
                .isEqualTo("password: {file: ~/.sparkdoc-pw}, token=${SHS_TOKEN}");
        assertThat(Redaction.text("password: {envy}hunter2")).doesNotContain("hunter2");
        assertThat(Redaction.text("password={env:X}hunter2 token: ${A}B")).doesNotContain("hunter2");
    }

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

    /**
     * Free text and command lines shared one URL-userinfo pattern only from issue 15 on: free text
     * had missed user or password parts longer than 256 characters, command lines a {@code ://}
     * without a letter-led scheme before it. Both now hide all of these, the same way.
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "https://bob:S3CR3T@proxy:8443/x",              // both had it
            "s3a://me:S3CR3T@bucket/logs",                  // both had it
            "jdbc:mysql://bob:S3CR3T@db:3306/x",            // both had it
            "…://bob:S3CR3T@host/",                         // free text had it: the scheme cut off by a shortened message
            "://bob:S3CR3T@host/",                          // free text had it: no scheme at all
            "LONG_USER",                                    // command lines had it: a user of 300 characters
            "LONG_PASSWORD"})                               // command lines had it: a password of 300 characters
    void urlPasswordsAreHiddenAlikeInFreeTextAndCommandLines(String shape) {
        String url = shape.replace("LONG_USER", "https://" + "u".repeat(300) + ":S3CR3T@host/")
                .replace("LONG_PASSWORD", "https://bob:S3CR3T" + "p".repeat(294) + "@host/");
        String user = url.substring(url.indexOf("://") + 3, url.indexOf(':', url.indexOf("://") + 3));
        String host = url.substring(url.lastIndexOf('@'));
        String expected = url.substring(0, url.indexOf("://") + 3) + user + ":" + Redaction.REDACTED + host;

        assertThat(Redaction.text("connecting to " + url + " now")).isEqualTo("connecting to " + expected + " now");
        assertThat(CommandLineRedaction.redact(List.of("spark-submit", url))).containsExactly("spark-submit", expected);
    }

    @Test
    void aUrlWithoutUserinfoStaysAsItWas() {
        assertThat(Redaction.text("see https://host:8443/a:b/c and jdbc:hive2://h:10000")).isEqualTo(
                "see https://host:8443/a:b/c and jdbc:hive2://h:10000");
    }

    @Test
    void aMegabyteLongUserinfoWithoutAnAtStaysFast() {
        String blob = "x://a:" + "b".repeat(1_000_000) + " ://" + "c:".repeat(500_000);
        long start = System.nanoTime();
        String out = Redaction.text(blob);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        assertThat(out).isEqualTo(blob);
    }
}
