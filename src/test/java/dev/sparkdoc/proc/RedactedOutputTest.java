package dev.sparkdoc.proc;

import dev.sparkdoc.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A real process with secrets on its command line: they never reach any output. */
class RedactedOutputTest {

    private final Children children = new Children();

    @AfterEach
    void killEverything() {
        children.close();
    }

    @Test
    void secretsOnARealCommandLineNeverAppearInTextOrJson() {
        long pid = children.bash("read line", Map.of(), "java", "-Dpassword=S3CR3T", "-cp", "/opt/spark/jars/*",
                "org.apache.spark.deploy.SparkSubmit", "--conf", "spark.hadoop.fs.s3a.secret.key=S3CR3T",
                "--conf", "spark.app.name=redaction-test", "job.py").pid();
        CliRun json = CliRun.of("ps", "--json", "--all");
        CliRun text = CliRun.of("ps", "--all");
        CliRun wide = CliRun.of("ps", "--all", "--watch", "0.1", "--iterations", "2");
        assertThat(json.out()).contains("\"pid\" : " + pid, "spark.app.name=redaction-test", "spark.hadoop.fs.s3a.secret.key=")
                .doesNotContain("S3CR3T");
        assertThat(text.out()).contains(Long.toString(pid)).doesNotContain("S3CR3T");
        assertThat(wide.out()).doesNotContain("S3CR3T");
        assertThat(json.err() + text.err() + wide.err()).doesNotContain("S3CR3T");
    }
}
