package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release tarballs as a user on an edge node gets them (run by failsafe after package):
 * unpacked into an empty folder and run with a PATH that holds no Maven -- the plain one with a
 * Java 17 on the PATH, the -linux-x64 one with no Java anywhere -- and the launcher's one line for
 * a Java that is too old.
 */
class DistributionIT {

    private static final String VERSION = System.getProperty("sparkdoc.version");
    private static final Path DIST = Path.of(System.getProperty("sparkdoc.dist.dir", "target"));
    private static final Path EXAMPLE = Path.of("examples/skewed-join/eventlog_v2_local-1795967361954").toAbsolutePath();
    private static final Path REAL_JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @TempDir
    Path dir;

    @Test
    void thePlainTarballRunsWithTheJavaOnThePath() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + ".tar.gz");
        Path bin = tools("java");

        Run r = run(home.resolve("bin/sparkdoc"), Map.of("PATH", bin.toString()), "triage", EXAMPLE.toString());

        assertThat(r.code()).as(r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(r.out()).contains("Data skew in stage 4");
        assertThat(home.resolve("runtime")).doesNotExist();
        assertThat(home.resolve("lib/sparkdoc.jar")).isRegularFile();
        assertThat(home.resolve("README.md")).isRegularFile();
        assertThat(Files.readString(home.resolve("LICENSE"))).contains("Apache License", "Version 2.0");
        assertThat(home.resolve("man/man1/sparkdoc.1")).isRegularFile();
        assertThat(home.resolve("man/man1/sparkdoc-triage.1")).isRegularFile();
        assertThat(home.resolve("completions/sparkdoc.zsh")).isRegularFile();
        Run complete = run(Path.of("/bin/sh"), Map.of("PATH", System.getenv("PATH")), "-c",
                "exec bash --norc -c 'source " + home.resolve("completions/sparkdoc.bash") + "; complete -p sparkdoc'");
        assertThat(complete.out()).as(complete.err()).contains("-F _complete_sparkdoc sparkdoc");
    }

    @Test
    void theRuntimeTarballNeedsNoJavaAtAll() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + "-linux-x64.tar.gz");
        Path empty = Files.createDirectories(dir.resolve("empty"));

        Run r = run(home.resolve("bin/sparkdoc"), Map.of("PATH", empty.toString()), "triage", EXAMPLE.toString());

        assertThat(r.code()).as(r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(r.out()).contains("Data skew in stage 4");
        Run version = run(home.resolve("bin/sparkdoc"), Map.of("PATH", empty.toString()), "--version");
        assertThat(version.out()).contains("sparkdoc " + VERSION);
    }

    @Test
    void theBundledRuntimeComesBeforeAnOldJavaHomeAndPath() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + "-linux-x64.tar.gz");
        Path old = oldJdk("11.0.2");

        Run r = run(home.resolve("bin/sparkdoc"), Map.of("PATH", old.resolve("bin").toString(), "JAVA_HOME", old.toString()), "--version");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("sparkdoc " + VERSION);
    }

    @Test
    void theRuntimeHoldsEveryModuleTheJarUses() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + "-linux-x64.tar.gz");
        Path jdeps = Path.of(System.getProperty("java.home"), "bin", "jdeps");

        Run deps = run(jdeps, Map.of(), "--ignore-missing-deps", "--print-module-deps", "--multi-release", "17",
                home.resolve("lib/sparkdoc.jar").toString());
        Run modules = run(home.resolve("runtime/bin/java"), Map.of(), "--list-modules");

        assertThat(deps.code()).as(deps.err()).isZero();
        List<String> present = modules.out().lines().map(l -> l.split("@")[0]).toList();
        assertThat(present).containsAll(Arrays.asList(deps.out().strip().split(",")));
        assertThat(present).contains("jdk.crypto.ec");
    }

    /**
     * Every command's main path on the jlinked runtime: a module the runtime lacks and that no
     * class names (a service such as jdk.zipfs, the provider of zip file systems) fails here,
     * not on a user's edge node.
     */
    @Test
    void everyCommandRunsOnTheBundledRuntime() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + "-linux-x64.tar.gz");
        Path sparkdoc = home.resolve("bin/sparkdoc");
        Map<String, String> env = Map.of("PATH", Files.createDirectories(dir.resolve("empty")).toString());
        Path zip = historyServerZip(EXAMPLE);
        Path snapshot = dir.resolve("app.snapshot.json");
        Path trace = Path.of("src/test/resources/explain/seeds/004-notebook-udf-jvm-stacktrace.txt").toAbsolutePath();
        Path ruleTests = Path.of("src/test/resources/rules-tests/skew.test.yaml").toAbsolutePath();
        Path healthy = Path.of("examples/healthy-join/eventlog_v2_local-1795967347590").toAbsolutePath();

        List<List<String>> commands = List.of(
                List.of("--version"),
                List.of("--help"),
                List.of("triage", EXAMPLE.toString()),
                List.of("triage", "--json", EXAMPLE.toString()),
                List.of("triage", zip.toString()),
                List.of("snapshot", "-o", snapshot.toString(), EXAMPLE.toString()),
                List.of("triage", snapshot.toString()),
                List.of("diff", healthy.toString(), EXAMPLE.toString()),
                List.of("explain", trace.toString()),
                List.of("rules", "list"),
                List.of("rules", "show", "skew.stage-task-time"),
                List.of("rules", "test", ruleTests.toString()),
                List.of("ps"),
                List.of("fleet", EXAMPLE.getParent().getParent().toString(), "--store", "fleet.db"),
                List.of("fleet", EXAMPLE.getParent().getParent().toString(), "--store", "fleet.db"),
                List.of("fleet", "report", "--store", "fleet.db"),
                List.of("config", "show"),
                List.of("completion", "bash"));
        for (List<String> args : commands) {
            Run r = run(sparkdoc, env, args.toArray(String[]::new));
            assertThat(r.code()).as("sparkdoc %s: %s", String.join(" ", args), r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
            // no library's chatter (SLF4J without a provider, sqlite-jdbc) on stderr
            assertThat(r.err()).as("sparkdoc %s", String.join(" ", args)).doesNotContain("SLF4J");
            assertThat(args.get(0).equals("snapshot") ? Files.readString(snapshot) : r.out()).as("sparkdoc %s", String.join(" ", args))
                    .isNotBlank();
        }
        assertThat(run(sparkdoc, env, "triage", zip.toString()).out()).contains("Data skew in stage 4");
        // the hints of the size bounds say SPARKDOC_JAVA_OPTS=-Dsparkdoc.…: the launcher passes it on
        Run bounded = run(sparkdoc, Map.of("PATH", env.get("PATH"), "SPARKDOC_JAVA_OPTS", "-Dsparkdoc.eventlog.maxLineBytes=1024"),
                "triage", EXAMPLE.toString());
        assertThat(bounded.out() + bounded.err()).as(bounded.err()).contains("line limit", "SPARKDOC_JAVA_OPTS=-Dsparkdoc.eventlog.maxLineBytes");
    }

    /** What a History Server's /api/v1/applications/ID/logs gives: a zip holding the log's folder. */
    private Path historyServerZip(Path logFolder) throws IOException {
        Path zip = dir.resolve("app.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip));
             var files = Files.list(logFolder)) {
            for (Path file : files.sorted().toList()) {
                out.putNextEntry(new java.util.zip.ZipEntry(logFolder.getFileName() + "/" + file.getFileName()));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return zip;
    }

    @Test
    void aJavaOlderThan17OnThePathGetsOneLineAndExitFour() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + ".tar.gz");
        Path fake = Files.createDirectories(dir.resolve("fake"));
        script(fake.resolve("java"), "echo 'openjdk version \"11.0.2\" 2019-01-15' >&2");

        Run r = run(home.resolve("bin/sparkdoc"), Map.of("PATH", fake.toString()), "triage", EXAMPLE.toString());

        assertThat(r.code()).isEqualTo(ExitCode.INTERNAL);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("sparkdoc: needs Java 17 or newer (found 11.0.2 at " + fake.resolve("java")
                + "); set JAVA_HOME to a JDK 17+, or use the sparkdoc-*-linux-x64.tar.gz release, which brings its own Java\n");
    }

    @Test
    void anOldJavaHomeIsReadFromItsReleaseFile() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + ".tar.gz");
        Path old = oldJdk("11.0.2");
        Path bin = tools("java"); // a good Java on the PATH does not matter: JAVA_HOME comes first

        assertThat(refusal(home, Map.of("PATH", bin.toString(), "JAVA_HOME", old.toString())))
                .startsWith("sparkdoc: needs Java 17 or newer (found 11.0.2 at " + old.resolve("bin/java") + ")");
    }

    @Test
    void javaEightIsNamedAsPrinted() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + ".tar.gz");
        Path fake = Files.createDirectories(dir.resolve("fake8"));
        script(fake.resolve("java"), "echo 'java version \"1.8.0_402\"' >&2");

        assertThat(refusal(home, Map.of("PATH", fake.toString()))).contains("(found 1.8.0_402 at ");
    }

    @Test
    void noJavaAnywhereSaysSo() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + ".tar.gz");
        Path empty = Files.createDirectories(dir.resolve("empty"));

        assertThat(refusal(home, Map.of("PATH", empty.toString()))).contains("found none: JAVA_HOME is not set and no java is on the PATH");
    }

    /** The launcher's refusal of the Java that {@code env} gives it: exit 4 and one line on stderr, which this returns. */
    private String refusal(Path home, Map<String, String> env) throws Exception {
        Run r = run(home.resolve("bin/sparkdoc"), env, "--version");
        assertThat(r.code()).isEqualTo(ExitCode.INTERNAL);
        assertThat(r.err()).hasLineCount(1);
        return r.err();
    }

    @Test
    void aSymlinkedLauncherFindsItsRelease() throws Exception {
        Path home = unpack("sparkdoc-" + VERSION + "-linux-x64.tar.gz");
        Path link = Files.createDirectories(dir.resolve("userbin")).resolve("sparkdoc");
        Files.createSymbolicLink(link, home.resolve("bin/sparkdoc"));

        Run r = run(link, Map.of("PATH", tools("readlink").toString()), "--version");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("sparkdoc " + VERSION);
    }

    private Path unpack(String tarball) throws Exception {
        Path file = DIST.resolve(tarball);
        assertThat(file).as("run 'mvn package' first").isRegularFile();
        Path into = Files.createTempDirectory(dir, "unpacked");
        Run r = run(Path.of("/bin/sh"), Map.of("PATH", System.getenv("PATH")), "-c", "exec tar xzf \"$0\" -C \"$1\"",
                file.toString(), into.toString());
        assertThat(r.code()).as(r.err()).isZero();
        return into.resolve("sparkdoc-" + VERSION);
    }

    /** A folder holding only these programs (scripts that run the real ones): the PATH of a node without Maven. */
    private Path tools(String... names) throws IOException {
        Path bin = Files.createTempDirectory(dir, "bin");
        for (String name : names) {
            Path target = name.equals("java") ? REAL_JAVA : which(name);
            script(bin.resolve(name), "exec '" + target + "' \"$@\"");
        }
        return bin;
    }

    private static Path which(String name) {
        return Arrays.stream(System.getenv("PATH").split(":")).map(p -> Path.of(p, name)).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " on the PATH"));
    }

    /** A JDK folder whose release file names {@code version}, with a java that must not be run. */
    private Path oldJdk(String version) throws IOException {
        Path jdk = Files.createDirectories(dir.resolve("jdk-" + version));
        Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        script(Files.createDirectories(jdk.resolve("bin")).resolve("java"), "echo 'this old java was run' >&2; exit 99");
        return jdk;
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Run(int code, String out, String err) {
    }

    /** Runs a program with only {@code env} (and HOME, a temp folder) in its environment. */
    private Run run(Path program, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(program.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        Map<String, String> environment = pb.environment();
        environment.clear();
        Map<String, String> all = new HashMap<>(env);
        all.putIfAbsent("HOME", dir.toString());
        all.putIfAbsent("PATH", "/nonexistent");
        environment.putAll(all);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("%s still running", command).isTrue();
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
