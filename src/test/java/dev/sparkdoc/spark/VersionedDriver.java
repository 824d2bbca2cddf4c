package dev.sparkdoc.spark;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A driver JVM on another Spark version's jars: {@code src/test/resources/versions/VersionDriver.java}
 * compiled against that version's classpath ({@link SparkClasspath}) and run with it, applications
 * one after another, one per workload. Each holds after its work until {@link Workload#release()},
 * so a test reads it live over REST, then from its event log.
 */
final class VersionedDriver implements AutoCloseable {

    private static final Path SOURCE = Path.of("src/test/resources/versions/VersionDriver.java");

    private final String version;
    private final Process process;
    private final Path dir;
    private final Path gate;
    private final Path events;

    private VersionedDriver(String version, Process process, Path dir, Path gate, Path events) {
        this.version = version;
        this.process = process;
        this.dir = dir;
        this.gate = gate;
        this.events = events;
    }

    /** Compiles the driver for Spark {@code version} and starts it on {@code workloads}, in that order. */
    static VersionedDriver start(String version, Path dir, List<String> workloads) throws IOException {
        String classpath = SparkClasspath.of(version);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        compile(classpath, classes);
        Path gate = Files.createDirectories(dir.resolve("gate"));
        Path events = Files.createDirectories(dir.resolve("events"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-XX:+UseSerialGC"));
        cmd.addAll(PySparkApp.OPENS);
        cmd.addAll(List.of("-cp", classpath + File.pathSeparator + classes, "VersionDriver", gate.toString(), events.toString()));
        cmd.addAll(workloads);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("driver.log").toFile()).start();
        p.getOutputStream().close();
        return new VersionedDriver(version, p, dir, gate, events);
    }

    private static void compile(String classpath, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-nowarn", "-proc:none", "-d", classes.toString(), "-cp", classpath,
                SOURCE.toAbsolutePath().toString());
        if (rc != 0) {
            throw new IOException("javac failed on " + SOURCE + " (exit " + rc + ")");
        }
    }

    String version() {
        return version;
    }

    /** The next workload, once its work is done: its UI and its result (a number, or "failed: …"). */
    Workload await(String name, Duration patience) throws IOException {
        Path ready = gate.resolve("ready-" + name);
        Await.until("the " + version + " driver's workload " + name + " (" + dir.resolve("driver.log") + ")", patience, () -> {
            if (!process.isAlive() && !Files.exists(ready)) {
                throw new AssertionError("the Spark " + version + " driver ended before " + name + ":\n" + tail());
            }
            return Files.exists(ready);
        });
        List<String> lines = Files.readAllLines(ready);
        return new Workload(name, URI.create(lines.get(0) + "/"), lines.get(1));
    }

    /** One workload's application, held up until released. */
    final class Workload {
        private final String name;
        private final URI ui;
        private final String result;

        private Workload(String name, URI ui, String result) {
            this.name = name;
            this.ui = ui;
            this.result = result;
        }

        URI ui() {
            return ui;
        }

        String result() {
            return result;
        }

        /** Lets the application stop; returns its event log (a file, or a rolling log's folder). */
        Path release(Duration patience) throws IOException {
            Files.writeString(gate.resolve("release-" + name), "");
            Await.until("the " + version + " application " + name + " stops", patience,
                    () -> Files.exists(gate.resolve("stopped-" + name)));
            try (Stream<Path> logs = Files.list(events.resolve(name))) {
                List<Path> all = logs.toList();
                if (all.size() != 1 || all.get(0).toString().endsWith(".inprogress")) {
                    throw new AssertionError("expected one finished event log for " + name + ", found " + all);
                }
                return all.get(0);
            }
        }
    }

    private String tail() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("driver.log"), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no driver log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        // CPU, unlike wall time, does not depend on what else the machine runs: the suite's cost to compare
        process.info().totalCpuDuration().ifPresent(cpu -> System.err.printf("VersionedDriver Spark %s: %.1f s of CPU%n",
                version, cpu.toMillis() / 1000.0));
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
