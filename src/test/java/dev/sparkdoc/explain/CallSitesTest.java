package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The user's frame in Spark's call-site stacks (the {@code details} of real Spark 4.0.1 stages). */
class CallSitesTest {

    @Test
    void theFirstFrameOutsideSparkAndTheJdkWithTheSparkMethodItCalled() {
        assertThat(CallSites.userCallSite("org.apache.spark.sql.classic.Dataset.collect(Dataset.scala:1482)\n"
                + "Dump.lambda$main$0(Dump.java:18)\njava.base/java.lang.Thread.run(Thread.java:840)"))
                .contains("collect in main at Dump.java:18");
        assertThat(CallSites.userCallSite("org.apache.spark.rdd.RDD.count(RDD.scala:1296)\n"
                + "com.acme.etl.Daily$.$anonfun$run$1(Daily.scala:42)\nscala.collection.immutable.List.foreach(List.scala:431)"))
                .contains("count in run at Daily.scala:42");
    }

    @Test
    void aqesPoolThreadAndPy4jStacksHoldNoUserFrame() {
        assertThat(CallSites.userCallSite("org.apache.spark.sql.execution.SQLExecution$.$anonfun$withThreadLocalCaptured$2(SQLExecution.scala:316)\n"
                + "java.base/java.util.concurrent.CompletableFuture$AsyncSupply.run(CompletableFuture.java:1768)\n"
                + "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)")).isEmpty();
        assertThat(CallSites.userCallSite("org.apache.spark.sql.Dataset.collectToPython(Dataset.scala:4160)\n"
                + "java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n"
                + "py4j.reflection.MethodInvoker.invoke(MethodInvoker.java:244)\npy4j.Gateway.invoke(Gateway.java:282)")).isEmpty();
        assertThat(CallSites.userCallSite("")).isEmpty();
    }
}
