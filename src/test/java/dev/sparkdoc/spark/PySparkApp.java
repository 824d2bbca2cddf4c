package dev.sparkdoc.spark;

import dev.sparkdoc.testing.FreePort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PySpark 3.5.1 application, as {@code spark-submit app.py} runs it: a driver JVM of its own
 * (Spark 3.5.1 jars from Maven Central) that starts the script as its child, which forks
 * {@code pyspark.daemon} and its workers for Python UDFs. The Python side is Apache Spark's own, in
 * {@code ../shared/pyspark-3.5.1} ({@link #available()} says whether this machine has it).
 *
 * <p>Scripts live in test resources under {@code pyspark/} and import {@code scenario.py}:
 * {@code hold()} keeps the application (and its UI) up until the test calls {@link #release()},
 * {@code mark(name)} leaves a file the test can wait for.
 */
public final class PySparkApp implements AutoCloseable {

    private static final Path PYTHON_SIDE = Path.of(System.getProperty("sparkdoc.pyspark.home", "../shared/pyspark-3.5.1"));
    private static final Path CLASSPATH_FILE = Path.of("target/pyspark-3.5.1.classpath");
    private static final Path SCRIPTS = Path.of("src/test/resources/pyspark");
    /** The openings spark-submit adds for Java 17 (org.apache.spark.launcher.JavaModuleOptions in 3.5). */
    static final List<String> OPENS = Stream.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io",
            "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic", "sun.nio.ch",
            "sun.nio.cs", "sun.security.action", "sun.util.calendar").map(p -> "--add-opens=java.base/" + p + "=ALL-UNNAMED").toList();

    private final Process process;
    private final Path dir;
    private final Path gate;
    private final Path events;
    private final int uiPort;

    private PySparkApp(Process process, Path dir, Path gate, Path events, int uiPort) {
        this.process = process;
        this.dir = dir;
        this.gate = gate;
        this.events = events;
        this.uiPort = uiPort;
    }

    /** Whether PySpark's Python side and python3 are here; a clone without {@code ../shared} skips these scenarios. */
    public static boolean available() {
        return Files.isDirectory(PYTHON_SIDE.resolve("python/pyspark")) && onPath("python3");
    }

    public static String unavailableReason() {
        return PYTHON_SIDE.toAbsolutePath().normalize() + " (PySpark 3.5.1's Python side) or python3 is missing";
    }

    /**
     * Submits {@code script} (a file in test resources' pyspark/) to {@code local[2]} with an event
     * log, its output in {@code dir}/driver.log.
     */
    public static PySparkApp submit(Path dir, String script, Map<String, String> conf) throws IOException {
        return submit(dir, script, conf, "local[2]");
    }

    /**
     * As {@link #submit(Path, String, Map)} on {@code master}; a {@code local-cluster[W,C,M]}'s
     * workers launch real executor JVMs (each with its own stdout and stderr files and log links)
     * from a SPARK_HOME made in {@code dir}: {@code jars/} links to the Spark 3.5.1 jars, {@code
     * python/} to PySpark's Python side.
     */
    public static PySparkApp submit(Path dir, String script, Map<String, String> conf, String master) throws IOException {
        Path gate = Files.createDirectories(dir.resolve("gate"));
        Path events = Files.createDirectories(dir.resolve("events"));
        int port = FreePort.onLoopback();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g"));
        cmd.addAll(OPENS);
        String sparkHome = PYTHON_SIDE.toAbsolutePath().normalize().toString();
        if (master.startsWith("local-cluster")) {
            sparkHome = clusterHome(dir).toString();
            cmd.addAll(List.of("-cp", sparkClasspath(), "org.apache.spark.deploy.SparkSubmit", "--master", master,
                    // the worker's launcher wants to know Scala's version without a source tree
                    "--conf", "spark.executorEnv.SPARK_SCALA_VERSION=2.13", "--conf", "spark.executor.memory=512m"));
        } else {
            cmd.addAll(List.of("-cp", sparkClasspath(), "org.apache.spark.deploy.SparkSubmit", "--master", master));
        }
        cmd.addAll(List.of(
                "--conf", "spark.ui.port=" + port, "--conf", "spark.port.maxRetries=0",
                "--conf", "spark.driver.bindAddress=127.0.0.1", "--conf", "spark.driver.host=127.0.0.1",
                "--conf", "spark.ui.showConsoleProgress=false",
                "--conf", "spark.eventLog.enabled=true", "--conf", "spark.eventLog.dir=" + events.toUri()));
        conf.forEach((k, v) -> cmd.addAll(List.of("--conf", k + "=" + v)));
        cmd.add(SCRIPTS.resolve(script).toAbsolutePath().toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("driver.log").toFile());
        pythonEnvironment(pb, sparkHome, gate);
        return new PySparkApp(pb.start(), dir, gate, events, port);
    }

    /** A local-cluster's SPARK_HOME links, removed here (a temp folder's cleaner warns of each link to outside it). */
    private void unlinkClusterHome() {
        Path home = dir.resolve("cluster-home");
        try (Stream<Path> jars = Files.isDirectory(home.resolve("jars")) ? Files.list(home.resolve("jars")) : Stream.empty()) {
            for (Path link : jars.filter(Files::isSymbolicLink).toList()) {
                Files.delete(link);
            }
            Files.deleteIfExists(home.resolve("python"));
        } catch (IOException e) {
            System.err.println("PySparkApp: could not remove the links in " + home + ": " + e);
        }
    }

    /** A SPARK_HOME for a local-cluster's workers: jars/ (the executors' class path) and python/ (their workers' pyspark). */
    private static Path clusterHome(Path dir) throws IOException {
        Path home = Files.createDirectories(dir.resolve("cluster-home"));
        Path jars = Files.createDirectories(home.resolve("jars"));
        java.util.Set<String> names = new java.util.HashSet<>();
        for (String entry : sparkClasspath().split(java.io.File.pathSeparator)) {
            Path jar = Path.of(entry);
            String name = jar.getFileName().toString();
            if (name.endsWith(".jar") && names.add(name)) {
                Files.createSymbolicLink(jars.resolve(name), jar);
            }
        }
        Files.createSymbolicLink(home.resolve("python"), PYTHON_SIDE.toAbsolutePath().normalize().resolve("python"));
        return home;
    }

    /**
     * Runs {@code script} as {@code python3 script} does on a laptop or in a notebook: the Python
     * process starts first and launches the driver JVM through py4j ({@code SPARK_HOME/bin/spark-submit
     * … pyspark-shell}, which execs java), so the script is the JVM's parent. SPARK_HOME is a folder
     * made in {@code dir} whose {@code bin/spark-submit} execs the Spark 3.5.1 jars' SparkSubmit.
     */
    public static PySparkApp runWithPython(Path dir, String script, Map<String, String> conf) throws IOException {
        Path gate = Files.createDirectories(dir.resolve("gate"));
        Path events = Files.createDirectories(dir.resolve("events"));
        int port = FreePort.onLoopback();
        Path sparkHome = Files.createDirectories(dir.resolve("spark-home/bin"));
        Path submit = sparkHome.resolve("spark-submit");
        Files.writeString(submit, "#!/bin/bash\nexec " + quote(Path.of(System.getProperty("java.home"), "bin", "java").toString())
                + " -Xmx1g " + String.join(" ", OPENS) + " -cp " + quote(sparkClasspath())
                + " org.apache.spark.deploy.SparkSubmit \"$@\"\n");
        if (!submit.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + submit + " executable");
        }
        List<String> args = new ArrayList<>(List.of("--master", "local[2]", "--conf", "spark.ui.port=" + port,
                "--conf", "spark.port.maxRetries=0", "--conf", "spark.driver.bindAddress=127.0.0.1",
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.ui.showConsoleProgress=false",
                "--conf", "spark.eventLog.enabled=true", "--conf", "spark.eventLog.dir=" + events.toUri()));
        conf.forEach((k, v) -> args.addAll(List.of("--conf", k + "=" + v)));
        args.add("pyspark-shell");
        ProcessBuilder pb = new ProcessBuilder("python3", SCRIPTS.resolve(script).toAbsolutePath().toString())
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("driver.log").toFile());
        pythonEnvironment(pb, sparkHome.getParent().toString(), gate);
        pb.environment().put("PYSPARK_SUBMIT_ARGS", String.join(" ", args));
        return new PySparkApp(pb.start(), dir, gate, events, port);
    }

    /** What every PySpark run here needs: Spark's home, this Python, pyspark and py4j on the path, the gate, a local IP. */
    private static void pythonEnvironment(ProcessBuilder pb, String sparkHome, Path gate) {
        Path home = PYTHON_SIDE.toAbsolutePath().normalize();
        pb.environment().put("SPARK_HOME", sparkHome);
        pb.environment().put("PYSPARK_PYTHON", "python3");
        pb.environment().put("PYTHONPATH", home.resolve("python") + ":" + home.resolve("python/lib/py4j-0.10.9.7-src.zip")
                + ":" + SCRIPTS.toAbsolutePath());
        pb.environment().put("SPARKDOC_GATE", gate.toString());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** The first process started: the driver JVM under spark-submit, the script under {@link #runWithPython}. */
    public long pid() {
        return process.pid();
    }

    /** The driver JVM: the process itself, or the java child of the script that launched it. */
    public long jvmPid() {
        if (process.info().command().map(c -> c.endsWith("/java")).orElse(false)) {
            return process.pid();
        }
        return process.children().filter(c -> c.info().command().map(x -> x.endsWith("/java")).orElse(false))
                .findFirst().map(ProcessHandle::pid)
                .orElseThrow(() -> new AssertionError("no driver JVM under the script " + process.pid() + ":\n" + tail()));
    }

    /** The driver UI once its REST API answers, e.g. {@code http://127.0.0.1:41234/}. */
    public URI uiUrl(Duration patience) {
        URI ui = URI.create("http://127.0.0.1:" + uiPort + "/");
        Await.until("the PySpark driver's REST API answers (" + driverLog() + ")", patience,
                () -> process.isAlive() && answers(ui.resolve("api/v1/applications")));
        return ui;
    }

    /** Waits for the file a script's {@code mark(name)} writes; fails early if the application ended. */
    public void awaitMark(String name, Duration patience) {
        Await.until("the script's mark " + name + " (" + driverLog() + ")", patience, () -> {
            if (!process.isAlive() && !Files.exists(gate.resolve(name))) {
                throw new AssertionError("the PySpark application ended before " + name + ":\n" + tail());
            }
            return Files.exists(gate.resolve(name));
        });
    }

    /** The files a script marked, e.g. {@code worker-1234} for each Python worker that ran a UDF. */
    public List<String> marks() throws IOException {
        try (Stream<Path> files = Files.list(gate)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Lets a script's {@code hold()} return. */
    public void release() throws IOException {
        Files.writeString(gate.resolve("release"), "");
    }

    /** Releases the script and waits for the JVM; returns the one event log it wrote. */
    public Path finish(Duration patience) throws IOException, InterruptedException {
        release();
        if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the PySpark application did not end in " + patience + ":\n" + tail());
        }
        try (Stream<Path> logs = Files.list(events)) {
            List<Path> all = logs.toList();
            if (all.size() != 1 || all.get(0).toString().endsWith(".inprogress")) {
                throw new AssertionError("expected one finished event log, found " + all + ":\n" + tail());
            }
            return all.get(0);
        }
    }

    public Path driverLog() {
        return dir.resolve("driver.log");
    }

    private String tail() {
        try {
            List<String> lines = Files.readAllLines(driverLog(), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no driver log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        // the script, the daemon and its workers go with the JVM
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        unlinkClusterHome();
    }

    /**
     * The Spark 3.5.1 jars' classpath, resolved once by this build's Maven from
     * {@code src/test/pyspark/pom.xml} (Spark 3.5 and 4.0 cannot share the test classpath).
     */
    static String sparkClasspath() throws IOException {
        return SparkClasspath.resolve(Path.of("src/test/pyspark/pom.xml"), CLASSPATH_FILE, "Spark 3.5.1");
    }

    private static boolean answers(URI uri) {
        try {
            HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
            c.setConnectTimeout(2000);
            c.setReadTimeout(10_000);
            try {
                return c.getResponseCode() == 200;
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean onPath(String exe) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, exe)));
    }
}
