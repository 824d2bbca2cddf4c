package dev.sparkdoc.proc;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The role a command line alone reveals. Python workers and a PySpark driver's Python process
 * need the process tree as well: {@link SparkProcesses} adds those.
 */
final class RoleClassifier {

    private static final Pattern PYTHON = Pattern.compile("python[0-9.]*m?");
    /** spark-core on a classpath: a plain {@code java -cp … MyApp} embedding Spark. */
    private static final Pattern SPARK_CORE_JAR = Pattern.compile("(^|[/:])spark-core_[0-9.]+[^/:]*\\.jar");
    /**
     * A driver's settings given as system properties ({@code java -Dspark.master=local[*] -jar app.jar}, an
     * uber jar whose classpath names no Spark jar): SparkConf reads every {@code spark.*} system property.
     * Executors carry {@code -Dspark.driver.port} too, but their main class tells them apart first.
     */
    private static final Pattern DRIVER_PROPERTY = Pattern.compile("-Dspark\\.(master|app\\.name|driver\\.[a-zA-Z.]+)=.*");

    /** sparkdoc's own jar: target/sparkdoc.jar, lib/sparkdoc.jar of the tarball, sparkdoc-1.2.0.jar. */
    private static final Pattern SPARKDOC_JAR = Pattern.compile("sparkdoc(-[0-9][^/]*)?\\.jar");
    private static final String SPARKDOC_MAIN = "dev.sparkdoc.cli.Main";

    private RoleClassifier() {
    }

    /**
     * Whether a command line is sparkdoc itself ({@code java -jar sparkdoc.jar attach}, or its main
     * class on a classpath that may hold spark-core, as {@code scripts/demo} runs it): a tool looking
     * at Spark, never a driver.
     */
    static boolean isSparkdoc(List<String> argv) {
        if (argv.isEmpty() || !isJava(argv)) {
            return false;
        }
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-jar")) {
                return i + 1 < argv.size() && SPARKDOC_JAR.matcher(fileName(argv.get(i + 1))).matches();
            }
            if (a.equals(SPARKDOC_MAIN)) {
                return true;
            }
        }
        return false;
    }

    static Optional<SparkRole> classify(List<String> argv) {
        if (argv.isEmpty()) {
            return Optional.empty();
        }
        if (isPython(argv)) {
            return pythonRole(argv);
        }
        for (String arg : argv) {
            Optional<SparkRole> role = mainClassRole(arg, argv);
            if (role.isPresent()) {
                return role;
            }
        }
        if (isJava(argv) && argv.stream().anyMatch(a -> SPARK_CORE_JAR.matcher(a).find() || DRIVER_PROPERTY.matcher(a).matches())) {
            return Optional.of(SparkRole.DRIVER);
        }
        return Optional.empty();
    }

    /** Spark's main classes, found anywhere on the command line (wrappers put them after other words). */
    private static Optional<SparkRole> mainClassRole(String arg, List<String> argv) {
        if (arg.endsWith("CoarseGrainedExecutorBackend") || arg.endsWith(".KubernetesExecutorBackend")) {
            return Optional.of(SparkRole.EXECUTOR);
        }
        return switch (arg) {
            case "org.apache.spark.deploy.SparkSubmit" -> Optional.of(isClusterMode(argv) ? SparkRole.SUBMITTER : SparkRole.DRIVER);
            // YARN cluster mode runs the driver inside the ApplicationMaster
            case "org.apache.spark.deploy.yarn.ApplicationMaster" -> Optional.of(SparkRole.DRIVER);
            case "org.apache.spark.deploy.history.HistoryServer" -> Optional.of(SparkRole.HISTORY_SERVER);
            case "org.apache.spark.deploy.master.Master" -> Optional.of(SparkRole.STANDALONE_MASTER);
            case "org.apache.spark.deploy.worker.Worker" -> Optional.of(SparkRole.STANDALONE_WORKER);
            // Jupyter's Scala kernel (Apache Toree) hosts the driver in its own JVM
            case "org.apache.toree.Main" -> Optional.of(SparkRole.DRIVER);
            default -> Optional.empty();
        };
    }

    private static Optional<SparkRole> pythonRole(List<String> argv) {
        String module = ExecutorArgs.value(argv, "-m").orElse("");
        if (module.startsWith("pyspark.daemon") || module.endsWith(".daemon") && module.startsWith("pyspark")) {
            return Optional.of(SparkRole.PYTHON_DAEMON);
        }
        // spark.python.use.daemon=false (and Windows) start each worker directly from the JVM
        if (module.startsWith("pyspark.") && module.endsWith("worker")) {
            return Optional.of(SparkRole.PYTHON_WORKER);
        }
        return Optional.empty();
    }

    /**
     * Whether a Python command runs the script a driver JVM was submitted with ({@code spark-submit
     * app.py}: the JVM gives the script its absolute path, the user typed any path), so other
     * Python children of the JVM ({@code rdd.pipe}) stay what they are.
     */
    static boolean runsSubmittedScript(List<String> python, List<String> driver) {
        List<String> submitted = driver.stream().filter(a -> a.endsWith(".py")).map(RoleClassifier::fileName).toList();
        return python.stream().skip(1).filter(a -> a.endsWith(".py")).map(RoleClassifier::fileName).anyMatch(submitted::contains);
    }

    /** The last part of a path: "app.py" of "/jobs/app.py". */
    static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static boolean isClusterMode(List<String> argv) {
        return ExecutorArgs.value(argv, "--deploy-mode").filter("cluster"::equals).isPresent();
    }

    static boolean isJava(List<String> argv) {
        return !argv.isEmpty() && executable(argv).equals("java");
    }

    static boolean isPython(List<String> argv) {
        return PYTHON.matcher(executable(argv)).matches();
    }

    private static String executable(List<String> argv) {
        return fileName(argv.get(0));
    }
}
