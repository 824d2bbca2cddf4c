package dev.sparkdoc.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandLineRedactionTest {

    private static String redact(String... argv) {
        return String.join(" ", CommandLineRedaction.redact(List.of(argv)));
    }

    @Test
    void sparkConfValuesWithSecretKeysAreHiddenButKeysStay() {
        String out = redact("spark-submit", "--conf", "spark.hadoop.fs.s3a.secret.key=S3CR3T",
                "--conf", "spark.executor.memory=4g", "--conf=spark.ssl.keyStorePassword=S3CR3T");
        assertThat(out).doesNotContain("S3CR3T")
                .contains("spark.hadoop.fs.s3a.secret.key=" + CommandLineRedaction.HIDDEN, "spark.executor.memory=4g",
                        "--conf=spark.ssl.keyStorePassword=" + CommandLineRedaction.HIDDEN);
    }

    @Test
    void systemPropertiesAndEnvironmentLikeArgumentsAreHidden() {
        String out = redact("java", "-Dpassword=S3CR3T", "-Djavax.net.ssl.trustStorePassword=S3CR3T", "-Dspark.app.name=etl",
                "bash", "-c", "AWS_SECRET_ACCESS_KEY=S3CR3T GITHUB_TOKEN=S3CR3T exec run.sh; MODE=fast");
        assertThat(out).doesNotContain("S3CR3T").contains("-Dspark.app.name=etl", "MODE=fast", "exec run.sh");
    }

    @Test
    void optionsNamedLikeSecretsHideTheirNextArgument() {
        String out = redact("beeline", "--password", "S3CR3T", "-u", "jdbc:hive2://h:10000", "--api-key", "S3CR3T", "--verbose");
        assertThat(out).doesNotContain("S3CR3T").contains("-u jdbc:hive2://h:10000", "--verbose");
    }

    @Test
    void authorizationHeadersAreHiddenWhetherOneArgumentOrSplitIntoWords() {
        assertThat(redact("curl", "-H", "Authorization: Bearer S3CR3T", "http://h/")).doesNotContain("S3CR3T").contains("Authorization:");
        assertThat(redact("curl", "-H", "Authorization:", "Basic", "S3CR3T", "http://h/")).doesNotContain("S3CR3T").endsWith("http://h/");
        assertThat(redact("curl", "-H", "X-Api-Key: S3CR3T")).doesNotContain("S3CR3T");
        assertThat(redact("curl", "-H", "Accept: application/json")).contains("Accept: application/json");
    }

    @Test
    void passwordsInUrlsAreHiddenButUserAndHostStay() {
        String out = redact("spark-submit", "--conf", "spark.eventLog.dir=s3a://me:S3CR3T@bucket/logs", "https://bob:S3CR3T@proxy:8443/x");
        assertThat(out).doesNotContain("S3CR3T").contains("s3a://me:", "@bucket/logs", "https://bob:", "@proxy:8443/x");
    }

    @Test
    void ordinaryCommandLinesAreUntouched() {
        List<String> argv = List.of("/usr/bin/java", "-cp", "/opt/spark/conf/:/opt/spark/jars/*", "-Xmx1g",
                "-agentlib:jdwp=transport=dt_socket,server=y", "org.apache.spark.deploy.SparkSubmit", "--master", "local[2]",
                "--conf", "spark.sql.shuffle.partitions=8", "app.py");
        assertThat(CommandLineRedaction.redact(argv)).isEqualTo(argv);
    }
}
