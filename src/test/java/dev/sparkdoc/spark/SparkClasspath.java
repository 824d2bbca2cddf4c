package dev.sparkdoc.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The jars of a Spark version other than the test classpath's (Spark 3.5, 4.0 and 4.2 cannot share
 * one classpath), resolved by this build's Maven from a throwaway pom with one dependency,
 * {@code spark-sql_2.13} (and its own dependencies), into a classpath file under {@code target/}.
 * Offline first, so an offline build stays offline once the local repository has them; else from
 * Maven Central, once.
 */
final class SparkClasspath {

    private static final Duration RESOLVE = Duration.ofMinutes(10);

    private SparkClasspath() {
    }

    /** Spark {@code version}'s classpath (spark-sql_2.13 and its dependencies), from a pom written under target/. */
    static synchronized String of(String version) throws IOException {
        Path dir = Files.createDirectories(Path.of("target/spark-versions", version));
        Path pom = dir.resolve("pom.xml");
        Files.writeString(pom, pom(version));
        return resolve(pom, dir.resolve("classpath.txt"), "Spark " + version);
    }

    /** The classpath {@code pom}'s dependencies make, written to (and read again from) {@code file}. */
    static synchronized String resolve(Path pom, Path file, String what) throws IOException {
        if (Files.isRegularFile(file) && Files.size(file) > 0) {
            return Files.readString(file).strip();
        }
        String home = System.getProperty("sparkdoc.maven.home", "");
        String mvn = home.isEmpty() ? "mvn" : Path.of(home, "bin", "mvn").toString();
        List<String> cmd = new ArrayList<>(List.of(mvn, "-q", "-B", "-f", pom.toString(), "dependency:build-classpath",
                "-Dmdep.outputFile=" + file.toAbsolutePath()));
        Optional.ofNullable(System.getProperty("sparkdoc.maven.repo")).filter(r -> !r.isBlank())
                .ifPresent(r -> cmd.add("-Dmaven.repo.local=" + r));
        List<String> offline = new ArrayList<>(cmd);
        offline.add("-o");
        if (!run(offline, file).isEmpty()) {
            String online = run(cmd, file);
            if (!online.isEmpty()) {
                throw new IOException("could not resolve the " + what + " jars (" + String.join(" ", cmd) + "):\n" + online);
            }
        }
        return Files.readString(file).strip();
    }

    private static String pom(String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- written by dev.sparkdoc.spark.SparkClasspath: not part of the sparkdoc build -->
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.sparkdoc</groupId>
                  <artifactId>spark-%1$s-classpath</artifactId>
                  <version>1</version>
                  <packaging>pom</packaging>
                  <dependencies>
                    <dependency>
                      <groupId>org.apache.spark</groupId>
                      <artifactId>spark-sql_2.13</artifactId>
                      <version>%1$s</version>
                    </dependency>
                  </dependencies>
                  <build><plugins><plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-dependency-plugin</artifactId>
                    <version>3.8.1</version>
                  </plugin></plugins></build>
                </project>
                """.formatted(version);
    }

    /** Runs Maven; returns its output when it failed, "" when it wrote the classpath file. */
    private static String run(List<String> cmd, Path file) throws IOException {
        Path out = Files.createTempFile("spark-classpath", ".log");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(RESOLVE.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return "timed out after " + RESOLVE;
            }
            return p.exitValue() == 0 && Files.isRegularFile(file) ? "" : "exit " + p.exitValue() + "\n" + Files.readString(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while resolving jars", e);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
