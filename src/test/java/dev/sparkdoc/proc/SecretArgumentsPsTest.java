package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.cli.CliRun;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Header, user and URL credentials on a real command line: ps shows the process, never them. */
class SecretArgumentsPsTest {

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    @Test
    void headerUserUrlAndPropertySecretsNeverAppear() {
        long pid = children.bash("read line", Map.of(), "java", "-Dspark.ssl.keyStorePassword=S3CR3T", "-cp", "/opt/spark/jars/*",
                "org.apache.spark.deploy.SparkSubmit", "--conf", "spark.authenticate.secret=S3CR3T",
                "--conf", "spark.myapp.db=jdbc:postgresql://db/x?user=u&password=S3CR3T",
                "--header", "Authorization: Bearer S3CR3T", "--user", "u:S3CR3T",
                "--conf", "spark.myapp.url=http://u:S3CR3T@host:4040/", "--conf", "spark.app.name=args-test", "job.py").pid();
        CliRun json = CliRun.of("ps", "--json", "--all");
        CliRun text = CliRun.of("ps", "--all");

        assertThat(json.out()).contains("\"pid\" : " + pid, "spark.app.name=args-test").doesNotContain("S3CR3T");
        assertThat(text.out()).contains(Long.toString(pid)).doesNotContain("S3CR3T");
        assertThat(json.err() + text.err()).doesNotContain("S3CR3T");
    }
}
