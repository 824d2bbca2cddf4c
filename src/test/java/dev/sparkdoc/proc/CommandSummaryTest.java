package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The command column: what a process runs (script, main class and their arguments), not how it was started. */
class CommandSummaryTest {

    private static final String JVM = "/usr/lib/jvm/java-17/bin/java -Xmx1g --add-opens=java.base/java.lang=ALL-UNNAMED "
            + "-cp /opt/spark/conf/:/opt/spark/jars/* -Dspark.x=1 ";

    private static String summary(String cmd) {
        return CommandSummary.of(new ProcessInfo(1, 0, "u", "S", Optional.empty(), 1, 0, 0, List.of(cmd.split(" "))));
    }

    @Test
    void sparkSubmitOfAScriptIsTheScriptAndItsArguments() {
        assertThat(summary(JVM + "org.apache.spark.deploy.SparkSubmit --master local[2] --conf spark.ui.port=4123 "
                + "--verbose --name etl /home/me/jobs/app.py --day 2026-12-04")).isEqualTo("app.py --day 2026-12-04");
    }

    @Test
    void sparkSubmitOfAScalaAppIsItsMainClass() {
        assertThat(summary(JVM + "org.apache.spark.deploy.SparkSubmit --master yarn --class com.acme.Etl "
                + "--conf spark.executor.memory=4g /jobs/etl-assembly.jar s3://in")).isEqualTo("com.acme.Etl s3://in");
    }

    @Test
    void theShellsAreNamedAsSuch() {
        assertThat(summary(JVM + "org.apache.spark.deploy.SparkSubmit --master local[*] pyspark-shell")).isEqualTo("pyspark-shell");
        assertThat(summary(JVM + "org.apache.spark.deploy.SparkSubmit --class org.apache.spark.repl.Main --name Spark-shell "
                + "spark-shell")).isEqualTo("spark-shell");
    }

    @Test
    void aPlainJvmIsItsMainClassOrJarAndSparksOwnClassesGoByTheirSimpleName() {
        assertThat(summary(JVM + "com.acme.LocalApp --rows 10")).isEqualTo("com.acme.LocalApp --rows 10");
        assertThat(summary("java -Xmx2g -jar /opt/tools/etl.jar run")).isEqualTo("etl.jar run");
        assertThat(summary(JVM + "org.apache.spark.executor.CoarseGrainedExecutorBackend --executor-id 3"))
                .isEqualTo("CoarseGrainedExecutorBackend --executor-id 3");
    }

    @Test
    void pythonIsItsScriptOrModuleWithoutTheInterpreter() {
        assertThat(summary("/root/.pyenv/versions/3.11.7/bin/python3 -u /home/me/app.py in.csv")).isEqualTo("app.py in.csv");
        assertThat(summary("/usr/bin/python3 -m pyspark.daemon")).isEqualTo("pyspark.daemon");
        assertThat(summary("python3 -W ignore -m ipykernel_launcher -f k.json")).isEqualTo("ipykernel_launcher -f k.json");
        assertThat(summary("python3")).isEqualTo("python3");
    }

    @Test
    void otherProgramsKeepTheirArgumentsWithoutTheirFolder() {
        assertThat(summary("/bin/bash /opt/spark/bin/spark-class x")).isEqualTo("bash /opt/spark/bin/spark-class x");
    }
}
