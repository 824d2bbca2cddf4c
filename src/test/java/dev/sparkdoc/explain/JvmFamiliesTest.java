package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One text per JVM family of shared/FIRST-AID.md, as Spark 3.5/4.0 prints them (resources/explain/jvm/). */
class JvmFamiliesTest {

    @Test
    void driverOutOfMemoryOnCollectIsTheDriversProblem() {
        ExplainedError e = Texts.single("jvm/driver-oom-collect.txt");

        assertThat(e.exception()).isEqualTo("java.lang.OutOfMemoryError");
        assertThat(e.message()).isEqualTo("Java heap space");
        assertThat(Texts.where(e)).isEqualTo("Report.scala:58");
        assertThat(e.userFrame().orElseThrow().function()).isEqualTo("com.acme.reports.Report$.main");
        assertThat(e.family()).isEqualTo("driver-memory");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsKey("spark.driver.memory"));
    }

    @Test
    void executorGcOverheadInATaskIsTheExecutorsProblem() {
        ExplainedError e = Texts.single("jvm/executor-oom-gc-overhead.txt");

        assertThat(e.message()).isEqualTo("GC overhead limit exceeded");
        assertThat(e.family()).isEqualTo("executor-memory");
        assertThat(e.pattern()).isEqualTo("oom-executor");
        assertThat(e.userFrame()).isEmpty();
        assertThat(e.occurrences()).isEqualTo(2);
    }

    @Test
    void containerKilledByYarnForMemoryNamesTheOverhead() {
        ExplainedError e = Texts.single("jvm/container-killed-yarn.txt");

        assertThat(e.exception()).isEqualTo("ExecutorLostFailure");
        assertThat(e.message()).contains("Container killed by YARN for exceeding physical memory limits");
        assertThat(e.family()).isEqualTo("executor-memory");
        assertThat(e.pattern()).isEqualTo("container-killed");
        assertThat(Texts.where(e)).isEqualTo("Daily.scala:77");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsKey("spark.executor.memoryOverhead"));
    }

    @Test
    void kubernetesExitCode137IsAContainerKill() {
        ExplainedError e = Texts.single("jvm/container-killed-k8s-137.txt");

        assertThat(e.pattern()).isEqualTo("container-killed");
        assertThat(e.message()).contains("exit code 137");
    }

    @Test
    void yarnContainerKilledOnRequestIsPreemptionOrNodeLossNotMemory() {
        // "Container from a bad node … Container killed on request. Exit code is 143": the cluster took it back
        ExplainedError e = Texts.single("jvm/container-exit-143.txt");

        assertThat(e.pattern()).isEqualTo("container-lost-node");
        assertThat(e.family()).isEqualTo("executor-memory");
    }

    @Test
    void fetchFailedFollowsTheCauseChainToTheConnectionError() {
        ExplainedError e = Texts.single("jvm/fetch-failed.txt");

        assertThat(e.exception()).isEqualTo("java.net.ConnectException");
        assertThat(e.chain()).extracting(Thrown::simpleName).startsWith("FetchFailed", "FetchFailedException");
        assertThat(e.pattern()).isEqualTo("fetch-failed");
        assertThat(e.family()).isEqualTo("executor-memory");
    }

    @Test
    void metadataFetchFailedAfterMaximumStageAttempts() {
        ExplainedError e = Texts.single("jvm/metadata-fetch-failed.txt");

        assertThat(e.exception()).isEqualTo("org.apache.spark.shuffle.MetadataFetchFailedException");
        assertThat(e.message()).isEqualTo("Missing an output location for shuffle 5 partition 31");
        assertThat(e.pattern()).isEqualTo("fetch-failed");
        assertThat(Texts.where(e)).isEqualTo("Loader.scala:88");
    }

    @Test
    void noSpaceLeftOnDeviceIsADiskProblem() {
        ExplainedError e = Texts.single("jvm/no-space-left.txt");

        assertThat(e.exception()).isEqualTo("java.io.IOException");
        assertThat(e.message()).isEqualTo("No space left on device");
        assertThat(e.family()).isEqualTo("disk");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsKey("spark.local.dir"));
    }

    @Test
    void taskNotSerializableNamesTheClassAndTheCallerOutsideJavaIo() {
        ExplainedError e = Texts.single("jvm/task-not-serializable.txt");

        assertThat(e.exception()).isEqualTo("java.io.NotSerializableException");
        assertThat(e.message()).isEqualTo("com.acme.enrich.GeoClient");
        assertThat(Texts.where(e)).isEqualTo("Enricher.scala:31");
        assertThat(e.family()).isEqualTo("serialization");
    }

    @Test
    void kryoBufferOverflowRaisesTheBufferLimit() {
        ExplainedError e = Texts.single("jvm/kryo-buffer-overflow.txt");

        assertThat(e.exception()).isEqualTo("com.esotericsoftware.kryo.KryoException");
        assertThat(e.family()).isEqualTo("serialization");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsKey("spark.kryoserializer.buffer.max"));
        assertThat(Texts.where(e)).isEqualTo("Build.scala:40");
    }

    @Test
    void maxResultSizeExceededIsTheDriversProblem() {
        ExplainedError e = Texts.single("jvm/max-result-size.txt");

        assertThat(e.exception()).isEqualTo("org.apache.spark.SparkException");
        assertThat(e.message()).contains("is bigger than spark.driver.maxResultSize (1024.0 MiB)");
        assertThat(e.family()).isEqualTo("driver-memory");
        assertThat(Texts.where(e)).isEqualTo("/home/ana/jobs/export.py:44");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsKey("spark.driver.maxResultSize"));
    }

    @Test
    void broadcastTimeoutOffersTheTimeoutAndDisablingBroadcast() {
        ExplainedError e = Texts.single("jvm/broadcast-timeout.txt");

        assertThat(e.exception()).isEqualTo("java.util.concurrent.TimeoutException");
        assertThat(e.family()).isEqualTo("joins");
        assertThat(Texts.where(e)).isEqualTo("Match.scala:64");
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsEntry("spark.sql.broadcastTimeout", "1200"));
        assertThat(e.remedies()).anySatisfy(r -> assertThat(r.conf()).containsEntry("spark.sql.autoBroadcastJoinThreshold", "-1"));
    }

    @Test
    void missingDataSourceIsAClasspathProblem() {
        ExplainedError e = Texts.single("jvm/class-not-found.txt");

        assertThat(e.exception()).isEqualTo("java.lang.ClassNotFoundException");
        assertThat(e.message()).isEqualTo("delta.DefaultSource");
        assertThat(e.family()).isEqualTo("errors-before");
        assertThat(e.pattern()).isEqualTo("class-not-found");
        assertThat(e.chain().get(0).errorClass()).contains("DATA_SOURCE_NOT_FOUND");
        assertThat(Texts.where(e)).isEqualTo("Reader.scala:15");
    }

    @Test
    void noSuchMethodErrorIsALibraryVersionClash() {
        ExplainedError e = Texts.single("jvm/no-such-method.txt");

        assertThat(e.exception()).isEqualTo("java.lang.NoSuchMethodError");
        assertThat(e.pattern()).isEqualTo("library-version-clash");
        assertThat(e.family()).isEqualTo("errors-before");
        assertThat(Texts.where(e)).isEqualTo("HadoopSetup.java:27");
    }

    @Test
    void taskFailureInsideJobAbortedIsOneErrorAtTheUsersFrame() {
        ExplainedError e = Texts.single("jvm/job-aborted-arithmetic.txt");

        assertThat(e.exception()).isEqualTo("java.lang.ArithmeticException");
        assertThat(e.message()).isEqualTo("/ by zero");
        assertThat(Texts.where(e)).isEqualTo("Ratios.scala:23");
        assertThat(e.family()).isEqualTo("errors-during");
        assertThat(e.pattern()).isEqualTo("task-failed");
        assertThat(e.occurrences()).as("Lost task, its [duplicate 1] and the Job aborted").isEqualTo(3);
        assertThat(e.summary()).isEqualTo("ArithmeticException in $anonfun$compute$1 at Ratios.scala:23");
    }

    @Test
    void spark4FailedExecuteUdfIsExplainedByTheCauseInsideIt() {
        ExplainedError e = Texts.single("jvm/failed-execute-udf-spark4.txt");

        assertThat(e.exception()).isEqualTo("java.lang.NumberFormatException");
        assertThat(e.message()).isEqualTo("For input string: \"n/a\"");
        assertThat(Texts.where(e)).isEqualTo("Parse.scala:14");
        assertThat(e.chain()).extracting(Thrown::errorClass).anySatisfy(c -> assertThat(c).contains("FAILED_EXECUTE_UDF"));
    }

    @Test
    void unknownExceptionIsNamedWithLowConfidence() {
        ExplainedError e = Texts.single("jvm/unknown-exception.txt");

        assertThat(e.exception()).isEqualTo("com.acme.vault.VaultSealedException");
        assertThat(e.message()).isEqualTo("vault is sealed, cannot fetch secret db/password");
        assertThat(e.family()).isEqualTo("errors-during");
        assertThat(e.recognised()).isFalse();
        assertThat(e.confidence()).isLessThan(0.5);
        assertThat(Texts.where(e)).isEqualTo("Client.java:88");
        assertThat(e.remedies()).isNotEmpty();
    }
}
