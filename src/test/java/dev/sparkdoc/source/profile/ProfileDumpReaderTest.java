package dev.sparkdoc.source.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.model.ProfileDump.MemoryLine;
import dev.sparkdoc.model.ProfileDump.ProfiledFunction;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real dumps (src/test/resources/profiles/README.md): every function's figures as Python's own
 * {@code pstats} reads them, from the committed table and, where this machine has python3, from a
 * fresh run of it; 4.x names and memory_profiler's table; and one-line errors for what is not a dump.
 */
class ProfileDumpReaderTest {

    private static final Path PROFILES = Path.of("src/test/resources/profiles");

    @TempDir
    Path dir;

    @Test
    void pyspark35sDumpReadsAsItsUdfAndRddProfilesEachFunctionAsPythonReadsIt() throws IOException {
        ProfileDump dump = ProfileDumpReader.read(PROFILES.resolve("pyspark35"));

        assertThat(dump.perf()).extracting(p -> p.file() + " " + p.target() + " " + p.id())
                .containsExactly("rdd_11.pstats RDD 11", "udf_2.pstats UDF 2");
        assertThat(dump.memory()).isEmpty();
        for (ProfileDump.PerfProfile p : dump.perf()) {
            assertThat(p.functions()).as(p.file())
                    .containsExactlyElementsOf(python(Files.readAllLines(PROFILES.resolve("expected/pyspark35/" + p.file() + ".tsv"))));
        }
    }

    @Test
    void pyspark4sPerfAndMemoryFilesReadUnderTheirNames() throws IOException {
        ProfileDump dump = ProfileDumpReader.read(PROFILES.resolve("pyspark4"));

        ProfileDump.PerfProfile perf = dump.perf().get(0);
        assertThat(perf.target()).isEqualTo(ProfileDump.Target.UDF);
        assertThat(perf.id()).isEqualTo(2);
        assertThat(perf.functions())
                .containsExactlyElementsOf(python(Files.readAllLines(PROFILES.resolve("expected/pyspark4/udf_2_perf.pstats.tsv"))));
        // the recursive helper: 2,000 primitive calls of 6,890 in all
        assertThat(perf.functions()).filteredOn(f -> f.name().equals("digits"))
                .singleElement().satisfies(f -> assertThat(f.primitiveCalls()).isLessThan(f.calls()));

        ProfileDump.MemoryProfile memory = dump.memory().get(0);
        assertThat(memory.id()).isEqualTo(2);
        List<String> text = Files.readAllLines(PROFILES.resolve("pyspark4/udf_2_memory.txt"));
        long tableRows = text.stream().filter(l -> l.matches("^\\s*\\d+ .*")).count();
        assertThat(memory.lines()).hasSize((int) tableRows);
        MemoryLine grew = memory.lines().stream().filter(l -> l.line() == 15).findFirst().orElseThrow();
        assertThat(grew.sourceFile()).isEqualTo("/tmp/jobs/normalize.py");
        assertThat(grew.incrementBytes()).contains(Math.round(24.8 * 1024 * 1024));
        assertThat(grew.usageBytes()).contains(Math.round(86.4 * 1024 * 1024));
        assertThat(grew.occurrences()).isEqualTo(2000);
        assertThat(grew.contents()).startsWith("return int(pattern.match(");
        MemoryLine blank = memory.lines().stream().filter(l -> l.line() == 16).findFirst().orElseThrow();
        assertThat(blank.usageBytes()).isEmpty();
        assertThat(memory.lines().stream().filter(l -> l.line() == 19).findFirst().orElseThrow().incrementBytes())
                .contains(Math.round(-3.1 * 1024 * 1024));
    }

    /** One fork, the plain cProfile file: PySparkProfileScenarioTest compares a fresh PySpark dump with python3 too. */
    @Test
    void plainCProfilesFunctionsAgreeWithPythonsOwnPstatsRunNow() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(onPath("python3"), "python3 is not on the PATH");
        for (Path file : List.of(PROFILES.resolve("pyspark4/udf_2_perf.pstats"))) {
            Process python = new ProcessBuilder("python3", PROFILES.resolve("pstats_table.py").toString(), file.toString())
                    .redirectErrorStream(true).start();
            String out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(python.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(python.exitValue()).as(out).isZero();
            List<ProfiledFunction> functions = ProfileDumpReader.read(copyAlone(file)).perf().get(0).functions();
            assertThat(functions).as(file.toString()).containsExactlyElementsOf(python(out.lines().toList()));
        }
    }

    @Test
    void aSecretInTheProfiledSourceIsRedactedAsItIsRead() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(PROFILES.resolve("pyspark4/udf_2_memory.txt")));
        lines.replaceAll(l -> l.replace("time.sleep(0.0005)", "connect(\"jdbc:postgresql://db/x?password=hunter2\")"));
        Files.write(dir.resolve("udf_2_memory.txt"), lines);

        List<MemoryLine> read = ProfileDumpReader.read(dir).memory().get(0).lines();

        assertThat(read).filteredOn(l -> l.line() == 14).singleElement()
                .satisfies(l -> assertThat(l.contents()).startsWith("connect(").doesNotContain("hunter2"));
    }

    @Test
    void aFileThatIsNotADumpFailsInOneLineNamingIt() throws IOException {
        Files.write(dir.resolve("udf_3.pstats"), new byte[] {'P', 'K', 3, 4});
        assertOneLine(dir, "udf_3.pstats", "not a cProfile dump");

        Files.delete(dir.resolve("udf_3.pstats"));
        byte[] real = Files.readAllBytes(PROFILES.resolve("pyspark35/udf_2.pstats"));
        Files.write(dir.resolve("udf_2.pstats"), java.util.Arrays.copyOf(real, real.length / 2));
        assertOneLine(dir, "udf_2.pstats", "not a cProfile dump");

        Files.delete(dir.resolve("udf_2.pstats"));
        Files.writeString(dir.resolve("udf_2_memory.txt"), "Filename: x.py\n\nLine #    Mem usage\n  12  lots\n");
        assertOneLine(dir, "udf_2_memory.txt", "not memory_profiler's table");

        Files.delete(dir.resolve("udf_2_memory.txt"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertOneLine(dir, "notes.txt", "is not a PySpark profile");
    }

    @Test
    void anEmptyOrMissingFolderOrAFileFailsSayingWhatToGive() throws IOException {
        Files.writeString(dir.resolve(".DS_Store"), "");
        assertOneLine(dir, dir.toString(), "holds no profile");
        assertOneLine(dir.resolve("nope"), "nope", "no such folder");
        assertOneLine(PROFILES.resolve("pyspark35/udf_2.pstats"), "udf_2.pstats", "it is a file");
    }

    private static void assertOneLine(Path folder, String names, String says) {
        assertThatThrownBy(() -> ProfileDumpReader.read(folder)).isInstanceOf(SourceException.class)
                .hasMessageContaining(names).hasMessageContaining(says)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private Path copyAlone(Path file) throws IOException {
        Path alone = Files.createDirectories(dir.resolve("alone-" + file.getParent().getFileName()));
        try (Stream<Path> old = Files.list(alone)) {
            for (Path p : old.toList()) {
                Files.delete(p);
            }
        }
        Files.copy(file, alone.resolve(file.getFileName()));
        return alone;
    }

    /**
     * Python's reading as pstats_table.py prints it, one function a line; its floats are Python's
     * repr, which reads back to the very same double.
     */
    private static List<ProfiledFunction> python(List<String> lines) {
        List<ProfiledFunction> functions = new ArrayList<>();
        for (String line : lines) {
            String[] c = line.split("\t", -1);
            functions.add(new ProfiledFunction(c[0], Integer.parseInt(c[1]), c[2], Long.parseLong(c[3]), Long.parseLong(c[4]),
                    Double.parseDouble(c[5]), Double.parseDouble(c[6])));
        }
        return functions;
    }

    private static boolean onPath(String exe) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, exe)));
    }
}
