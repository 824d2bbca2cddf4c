package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Command lines as Spark's launchers build them (spark-class / launcher.Main, YARN's
 * ExecutorRunnable, the standalone Worker's ExecutorRunner, Kubernetes' entrypoint.sh).
 */
class RoleClassifierTest {

    private static List<String> words(String commandLine) {
        return List.of(commandLine.split(" "));
    }

    @Test
    void sparkSubmitInClientModeIsTheDriverAndInClusterModeOnlyALauncher() {
        assertThat(RoleClassifier.classify(words("/usr/lib/jvm/java-17/bin/java -cp /opt/spark/conf/:/opt/spark/jars/* -Xmx1g "
                + "org.apache.spark.deploy.SparkSubmit --master yarn --conf spark.executor.cores=2 app.py"))).contains(SparkRole.DRIVER);
        assertThat(RoleClassifier.classify(words("java -cp /opt/spark/jars/* org.apache.spark.deploy.SparkSubmit "
                + "--master yarn --deploy-mode cluster --class a.B app.jar"))).contains(SparkRole.SUBMITTER);
    }

    @Test
    void pysparkShellsJvmIsTheDriver() {
        // what `pyspark` (java_gateway.launch_gateway) starts as the Python process's child
        assertThat(RoleClassifier.classify(words("/usr/bin/java -cp /opt/spark/conf/:/opt/spark/jars/* -Xmx1g "
                + "org.apache.spark.deploy.SparkSubmit --name PySparkShell pyspark-shell"))).contains(SparkRole.DRIVER);
    }

    @Test
    void executorBackendsOfStandaloneYarnAndKubernetesAreExecutors() {
        List<String> yarn = words("/usr/lib/jvm/java/bin/java -server -Xmx4096m -Djava.io.tmpdir=/data/tmp "
                + "-Dspark.driver.port=41233 org.apache.spark.executor.YarnCoarseGrainedExecutorBackend "
                + "--driver-url spark://CoarseGrainedScheduler@edge-1:41233 --executor-id 12 --hostname worker-7 "
                + "--cores 4 --app-id application_1700000000000_0042 --resourceProfileId 0");
        assertThat(RoleClassifier.classify(yarn)).contains(SparkRole.EXECUTOR);
        ExecutorArgs args = ExecutorArgs.parse(yarn);
        assertThat(args.executorId()).contains("12");
        assertThat(args.appId()).contains("application_1700000000000_0042");
        assertThat(args.hostname()).contains("worker-7");
        assertThat(args.cores()).hasValue(4);
        assertThat(args.driverUrl()).contains("spark://CoarseGrainedScheduler@edge-1:41233");
        assertThat(args.driverPort()).hasValue(41233);

        assertThat(RoleClassifier.classify(words("java -cp /opt/spark/jars/* org.apache.spark.executor.CoarseGrainedExecutorBackend "
                + "--driver-url spark://CoarseGrainedScheduler@10.0.0.1:7078 --executor-id 0 --hostname 10.0.0.2 --cores 1 "
                + "--app-id app-20261129120000-0000 --worker-url spark://Worker@10.0.0.2:35000"))).contains(SparkRole.EXECUTOR);
        assertThat(RoleClassifier.classify(words("/opt/java/openjdk/bin/java -Xms1g -cp /opt/spark/conf::/opt/spark/jars/* "
                + "org.apache.spark.scheduler.cluster.k8s.KubernetesExecutorBackend --driver-url spark://x@d-svc:7078 "
                + "--executor-id 3 --cores 1 --app-id spark-a1b2 --hostname 10.1.2.3 --resourceProfileId 0 --podName p-exec-3")))
                .contains(SparkRole.EXECUTOR);
    }

    @Test
    void servicesAreRecognisedByTheirMainClass() {
        assertThat(RoleClassifier.classify(words("java -cp /opt/spark/jars/* -Xmx1g org.apache.spark.deploy.history.HistoryServer")))
                .contains(SparkRole.HISTORY_SERVER);
        assertThat(RoleClassifier.classify(words("java -cp /opt/spark/jars/* org.apache.spark.deploy.master.Master --host m --port 7077")))
                .contains(SparkRole.STANDALONE_MASTER);
        assertThat(RoleClassifier.classify(words("java -cp /opt/spark/jars/* org.apache.spark.deploy.worker.Worker spark://m:7077")))
                .contains(SparkRole.STANDALONE_WORKER);
    }

    @Test
    void aPlainJavaAppWithSparkCoreOnItsClasspathIsADriver() {
        assertThat(RoleClassifier.classify(words("java -cp app.jar:/home/me/.m2/repository/org/apache/spark/spark-core_2.13/4.0.1/"
                + "spark-core_2.13-4.0.1.jar:lib/* com.example.MyApp --master local[4]"))).contains(SparkRole.DRIVER);
        assertThat(RoleClassifier.classify(words("java -cp lib/spark-core-helper.jar com.example.NotSpark"))).isEmpty();
        assertThat(RoleClassifier.classify(words("java -jar /usr/share/jenkins/jenkins.war"))).isEmpty();
    }

    @Test
    void anUberJarRunWithSparkSystemPropertiesIsADriverAndAnExecutorWithThemStaysAnExecutor() {
        assertThat(RoleClassifier.classify(words("java -Dspark.master=local[4] -Xmx2g -jar etl-assembly.jar"))).contains(SparkRole.DRIVER);
        assertThat(RoleClassifier.classify(words("java -Dspark.driver.memory=2g -cp etl.jar com.acme.Etl"))).contains(SparkRole.DRIVER);
        assertThat(RoleClassifier.classify(words("java -Dspark.driver.port=40000 -cp /opt/spark/jars/* "
                + "org.apache.spark.executor.CoarseGrainedExecutorBackend --executor-id 1"))).contains(SparkRole.EXECUTOR);
        assertThat(RoleClassifier.classify(words("java -Dsparkling=yes -jar app.jar"))).isEmpty();
        assertThat(RoleClassifier.classify(words("python3 px.py 4393 4041"))).isEmpty();
    }

    @Test
    void pythonDaemonAndDirectWorkersAreRecognisedByModule() {
        assertThat(RoleClassifier.classify(words("/usr/bin/python3 -m pyspark.daemon"))).contains(SparkRole.PYTHON_DAEMON);
        assertThat(RoleClassifier.classify(words("python3.11 -m pyspark.daemon"))).contains(SparkRole.PYTHON_DAEMON);
        assertThat(RoleClassifier.classify(words("python3 -m pyspark.worker"))).contains(SparkRole.PYTHON_WORKER);
        assertThat(RoleClassifier.classify(words("python3 -m http.server"))).isEmpty();
        assertThat(RoleClassifier.classify(words("python3 etl.py"))).isEmpty();
    }
}
