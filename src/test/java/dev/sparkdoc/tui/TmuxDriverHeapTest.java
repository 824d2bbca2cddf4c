package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.RealTerminal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparkdoc attach} in its own JVM in an 80×24 tmux pane against a real local driver (this
 * JVM) that collected about 100 MB of rows and holds them: the large-results finding's detail
 * offers the heap key; {@code h} then {@code n} attaches nothing (the JVM's attach socket is never
 * made), {@code h} then {@code y} shows the held rows' class among the top classes by bytes,
 * with what it means.
 */
@RealTerminal
@RealSpark
class TmuxDriverHeapTest {

    private static final Duration STARTUP = Duration.ofSeconds(90);
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Rows × 11 columns of 8 bytes, ten of them random (nothing on the way compresses them): ~100 MB of task results. */
    private static final int ROWS = 1_000_000;
    private static final String ROW_CLASS = "GenericRowWithSchema";

    /** The collected result the driver holds while the histogram is taken. */
    static volatile List<Row> held;

    @TempDir
    Path dir;

    @Test
    void theHeapKeyAsksFirstAttachesNothingOnNoAndShowsTheHeldRowsOnYes() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed");
        long pid = ProcessHandle.current().pid();
        // HotSpot makes this socket at the first attach, and only then
        Path attachSocket = Path.of("/tmp/.java_pid" + pid);
        try (LocalSpark spark = LocalSpark.builder().appName("heap in attach").start(); Tmux tmux = Tmux.start(80, 24)) {
            spark.context().setJobDescription("collect the rows");
            held = spark.session().range(0, ROWS, 1, 2).selectExpr("id", "rand(1) AS r1", "rand(2) AS r2", "rand(3) AS r3",
                    "rand(4) AS r4", "rand(5) AS r5", "rand(6) AS r6", "rand(7) AS r7", "rand(8) AS r8", "rand(9) AS r9",
                    "rand(10) AS r10").collectAsList();
            String target = spark.uiUrl().getHost() + ":" + spark.uiUrl().getPort();
            Path run = Tmux.attachScript(dir, "", "--interval 2 --timeout 20 " + target);
            tmux.awaitText(Tmux.PROMPT.strip(), WAIT);
            tmux.runAttach(run);
            tmux.awaitAll(STARTUP, "RUNNING │ Spark 4.0.1", "heap in attach");

            tmux.keys("/");
            tmux.line("driver-memory.large-results");
            tmux.keys("Enter");
            String detail = tmux.awaitAll(WAIT, "of results to the driver", "Evidence",
                    "Driver heap: h lists its top classes by bytes (pid " + pid + "; asks first", "h driver heap");
            assertFits(detail);
            assertThat(footer(detail)).contains("h driver heap");
            boolean attachedBefore = Files.exists(attachSocket);

            tmux.keys("h");
            String asking = tmux.awaitAll(WAIT, "Read the driver's heap?", "jcmd " + pid + " GC.class_histogram runs a full GC",
                    "Go on? [y/N]");
            assertFits(asking);
            tmux.keys("n");
            String declined = tmux.awaitText("Driver heap: not read; nothing was done to pid " + pid, WAIT);
            assertThat(declined).doesNotContain(ROW_CLASS, "Go on?");
            if (!attachedBefore) {
                assertThat(attachSocket).as("a no attaches nothing").doesNotExist();
            }

            tmux.keys("h");
            tmux.awaitText("Go on? [y/N]", WAIT);
            tmux.keys("y");
            String shown = tmux.awaitAll(WAIT, "Driver heap, pid " + pid + ", ", "COUNT      BYTES  SHARE  CLASS", ROW_CLASS);
            System.err.println("TmuxDriverHeapTest:\n" + shown);
            assertFits(shown);
            List<String> rows = shown.lines().toList();
            int header = rows.indexOf(rows.stream().filter(r -> r.contains("COUNT      BYTES  SHARE  CLASS")).findFirst().orElseThrow());
            assertThat(rows.subList(header + 1, header + 6)).as("the held rows among the top five classes")
                    .anySatisfy(r -> assertThat(r).matches("\\s+1,0\\d\\d,\\d{3}\\s+\\d+\\.\\dM\\s+\\d+\\.\\d%  \\S*" + ROW_CLASS));
            assertThat(rows).as("the heap's header on one row").anySatisfy(r -> assertThat(r)
                    .matches("Driver heap, pid " + pid + ", \\d\\d:\\d\\d:\\d\\d, after a full GC: \\S+ in [\\d,]+ objects"));
            assertThat(shown).contains("Rows are held by the driver");
            assertThat(attachSocket).exists();

            tmux.keys("q");
            tmux.awaitText("EXIT=0", WAIT);
            assertThat(held).hasSize(ROWS);
        } catch (AssertionError e) {
            Path log = dir.resolve(".cache/sparkdoc/attach.log");
            throw new AssertionError(e.getMessage() + "\nattach.log:\n" + (Files.exists(log) ? Files.readString(log) : "(none)"), e);
        } finally {
            held = null;
        }
    }

    private static String footer(String screen) {
        return screen.lines().toList().get(23);
    }

    private static void assertFits(String screen) {
        List<String> rows = screen.lines().toList();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(24);
        assertThat(footer(screen)).contains("q quit", "? help");
        assertThat(rows).allMatch(r -> r.length() <= 80);
    }
}
