package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.HeapHistogram;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.proc.JvmTools;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.testing.Snapshots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap key of a driver-memory finding, on the text backend with a counted histogram runner:
 * a "no" reads nothing; a "yes" reads once, off the UI thread, and the top classes stay beside
 * the finding; a failure and a driver that cannot be read are one line each; the hint shows
 * only where the key can act. All at 80×24.
 */
class DriverHeapKeysTest {

    private static final long PID = 4242;
    private static final Instant NOW = T0.plusSeconds(600);
    private static final long MIB = 1L << 20;
    private static final String ROWS = "org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema";

    @TempDir
    Path dir;

    /** A histogram runner that counts its calls; {@code answer} is what it does for a pid. */
    static final class CountingAccess implements HeapAccess {
        final AtomicInteger checks = new AtomicInteger();
        final AtomicInteger reads = new AtomicInteger();
        private final Optional<String> whyNot;
        private final LongFunction<HeapHistogram> answer;

        CountingAccess(Optional<String> whyNot, LongFunction<HeapHistogram> answer) {
            this.whyNot = whyNot;
            this.answer = answer;
        }

        @Override
        public Optional<String> whyNot(long pid) {
            checks.incrementAndGet();
            return whyNot;
        }

        @Override
        public HeapHistogram histogram(long pid) {
            reads.incrementAndGet();
            return answer.apply(pid);
        }
    }

    private static HeapHistogram rowsHeld(long pid) {
        return new HeapHistogram(pid, List.of(
                new HeapHistogram.Entry("[B", 1_200_000, 96 * MIB),
                new HeapHistogram.Entry("java.lang.Double", 4_000_000, 61 * MIB),
                new HeapHistogram.Entry(ROWS, 1_000_000, 23 * MIB),
                new HeapHistogram.Entry("[Ljava.lang.Object;", 1_000_300, 22 * MIB),
                new HeapHistogram.Entry("java.lang.String", 400_000, 9 * MIB),
                new HeapHistogram.Entry("java.lang.Long", 300_000, 4 * MIB),
                new HeapHistogram.Entry("java.util.HashMap$Node", 90_000, 2 * MIB)), 8_000_000, 240 * MIB);
    }

    private static final AppSnapshot SNAPSHOT = Snapshots.app().running(NOW)
            .stage(stage(12).resultSize(600 * MIB).wall(40))
            .stage(stage(13).tasks(200, 150).quantiles(TaskMetric.DURATION, Snapshots.q(2_000, 90_000))
                    .failure("ExceptionFailure", "java.lang.ArithmeticException", "/ by zero", 3))
            .build();

    /** The live view after one poll whose process sample went through the driver's verdict. */
    private static UiState polled(ProcessFeed feed) {
        UiState s = UiState.initial(PollStatus.live("http://localhost:4040", Duration.ofSeconds(2)), 80, 24, NOW);
        return Update.apply(s, new UiEvent.SnapshotArrived(TuiFixtures.diagnose(SNAPSHOT), feed.sample(SNAPSHOT), NOW, 120,
                Duration.ofSeconds(2))).state();
    }

    private static ProcessFeed localDriver(HeapAccess access) {
        ProcessRow driver = new ProcessRow(PID, "driver", Optional.of("driver"), 12.0, 900 * MIB, 80, "SparkSubmit app.jar", List.of(12.0));
        ProcessRow executor = new ProcessRow(4300, "executor", Optional.of("1"), 80.0, 2048 * MIB, 60, "CoarseGrainedExecutorBackend",
                List.of(80.0));
        return new DriverJvmFeed(snapshot -> ProcessPaneRows.of(List.of(executor, driver)), access);
    }

    /** Opens the finding of {@code rule}: down to its row, then Enter. */
    private static UiState open(UiState s, String rule) {
        List<Finding> findings = Rows.findings(s);
        int row = findings.stream().map(Finding::rule).toList().indexOf(rule);
        assertThat(row).as("%s among %s", rule, findings.stream().map(Finding::rule).toList()).isNotNegative();
        return TuiFixtures.keys(s, "j".repeat(row) + "\n");
    }

    /** Folds typed keys, keeping every effect they asked for. */
    private record Folded(UiState state, List<Effect> effects) {
    }

    private static Folded type(UiState s, String typed) {
        List<Effect> effects = new ArrayList<>();
        for (KeyInput k : KeyInput.typed(typed)) {
            Update.Step step = Update.apply(s, new UiEvent.Pressed(k));
            s = step.state();
            effects.addAll(step.effects());
        }
        return new Folded(s, effects);
    }

    private static List<String> screen(UiState s) {
        List<String> rows = TextBackend.lines(Views.render(s));
        assertThat(rows).hasSize(24).allSatisfy(r -> assertThat(dev.sparkdoc.report.SafeText.width(r)).isLessThanOrEqualTo(80));
        assertThat(rows.get(23)).contains("q quit").contains("? help");
        return rows;
    }

    private static String text(UiState s) {
        return String.join("\n", screen(s));
    }

    /** The screen with wrapped lines joined again: a reason is one line of text, wrapped at 80 columns. */
    private static String folded(UiState s) {
        return text(s).replace("\n  ", " ");
    }

    /** Carries out the read as the UI loop does, on the reader's own thread, and folds what it posts. */
    private UiState carryOut(UiState s, List<Effect> effects, HeapAccess access) throws InterruptedException {
        BlockingQueue<UiEvent> events = new LinkedBlockingQueue<>();
        Thread ui = Thread.currentThread();
        List<Thread> posters = new ArrayList<>();
        try (HeapReader reader = new HeapReader(access, e -> {
            posters.add(Thread.currentThread());
            events.add(e);
        }, Clock.fixed(NOW.plusSeconds(3), ZoneOffset.UTC), new AttachLog(dir.resolve("attach.log")))) {
            for (Effect e : effects) {
                if (e instanceof Effect.ReadHeap r) {
                    reader.read(r.pid());
                }
            }
            UiEvent answer = events.poll(60, TimeUnit.SECONDS);
            assertThat(answer).as("the reader's answer").isNotNull();
            assertThat(posters).as("read off the UI thread").doesNotContain(ui);
            return Update.apply(s, answer).state();
        }
    }

    @Test
    void decliningTheConfirmationReadsNothingAndSaysNothingWasDone() {
        CountingAccess access = new CountingAccess(Optional.empty(), DriverHeapKeysTest::rowsHeld);
        UiState detail = open(polled(localDriver(access)), "driver-memory.large-results");

        String hinted = text(detail);
        assertThat(hinted).contains("Driver heap: h lists its top classes by bytes (pid 4242; asks first: it pauses)");
        assertThat(screen(detail).get(23)).contains("h driver heap");

        Folded asked = type(detail, "h");
        assertThat(asked.effects()).isEmpty();
        assertThat(text(asked.state())).contains("Read the driver's heap?", "jcmd 4242 GC.class_histogram runs a full GC",
                "Go on? [y/N]", "y reads it · any other key: no");

        Folded declined = type(asked.state(), "n");
        assertThat(declined.effects()).isEmpty();
        assertThat(access.reads).hasValue(0);
        String after = text(declined.state());
        assertThat(after).contains("Driver heap: not read; nothing was done to pid 4242 (h asks again)")
                .doesNotContain("Go on?", "GenericRowWithSchema");

        // q under the confirmation is a "no" too, not a way out that reads on the way
        Folded quitKey = type(type(declined.state(), "h").state(), "q");
        assertThat(quitKey.effects()).isEmpty();
        assertThat(quitKey.state().quit()).isFalse();
        assertThat(access.reads).hasValue(0);
    }

    @Test
    void yesReadsOnceOffTheUiThreadAndTheTopClassesStayBesideTheFinding() throws InterruptedException {
        CountingAccess access = new CountingAccess(Optional.empty(), DriverHeapKeysTest::rowsHeld);
        UiState detail = open(polled(localDriver(access)), "driver-memory.large-results");

        Folded yes = type(type(detail, "h").state(), "y");
        assertThat(yes.effects()).containsExactly(new Effect.ReadHeap(PID));
        assertThat(text(yes.state())).contains("Driver heap: reading the heap of pid 4242…").doesNotContain("Go on?");
        assertThat(screen(yes.state()).get(23)).doesNotContain("h driver heap");
        assertThat(type(yes.state(), "h").effects()).as("one read at a time").isEmpty();
        UiState later = Update.apply(yes.state(), new UiEvent.Tick(NOW.plusSeconds(4))).state();
        assertThat(text(later)).as("how long it has been reading").contains("reading the heap of pid 4242… 4s");

        UiState shown = carryOut(yes.state(), yes.effects(), access);
        assertThat(access.reads).hasValue(1);
        List<String> rows = screen(shown);
        String all = String.join("\n", rows);
        assertThat(all).contains("Driver heap, pid 4242, ", "after a full GC: 240M in 8,000,000 objects\n",
                "COUNT      BYTES  SHARE  CLASS");
        // count, bytes, share, class; a long class name keeps its own name whole, its package shortened
        assertThat(rows).contains("    1,200,000      96.0M  40.0%  byte[]",
                "    1,000,000      23.0M   9.6%  o.a.s.s.c.expressions.GenericRowWithSchema");
        assertThat(all).contains("Rows are held by the driver").contains("1. If the driver really needs it");
        // five classes on 24 rows, so the first fix still shows: not the sixth
        assertThat(all).contains("java.lang.String").doesNotContain("java.lang.Long");

        // kept across panes and back, until the user asks again
        UiState back = TuiFixtures.keys(TuiFixtures.keys(shown, "b2"), "1\n");
        assertThat(text(back)).contains("Driver heap, pid 4242, ");
        Folded again = type(back, "hn");
        assertThat(again.effects()).isEmpty();
        assertThat(text(again.state())).as("a no keeps the histogram read before").contains("Driver heap, pid 4242, ");
        assertThat(access.reads).hasValue(1);
    }

    @Test
    void aFailedReadIsOneLineWithItsReason() throws InterruptedException {
        CountingAccess access = new CountingAccess(Optional.empty(), pid -> {
            throw new JvmTools.JvmToolException("jcmd " + pid + " GC.class_histogram did not finish in 60 s");
        });
        UiState detail = open(polled(localDriver(access)), "driver-memory.large-results");
        Folded yes = type(detail, "hy");

        UiState failed = carryOut(yes.state(), yes.effects(), access);
        assertThat(access.reads).hasValue(1);
        assertThat(folded(failed)).contains("\nDriver heap: not read: jcmd 4242 GC.class_histogram did not finish in 60 s (h asks again)\n");
    }

    @Test
    void aDriverThatCannotBeReadHasNoHintAndTheKeySaysWhyInOneLine() {
        String notJava = "pid 4242 is not a Java process (see 'sparkdoc ps' for the driver's)";
        CountingAccess access = new CountingAccess(Optional.of(notJava), DriverHeapKeysTest::rowsHeld);
        UiState detail = open(polled(localDriver(access)), "driver-memory.large-results");

        assertThat(text(detail)).doesNotContain("Driver heap");
        assertThat(screen(detail).get(23)).doesNotContain("h driver heap");
        Folded pressed = type(detail, "h");
        assertThat(pressed.effects()).isEmpty();
        assertThat(text(pressed.state())).doesNotContain("Go on?");
        assertThat(folded(pressed.state())).contains("\nDriver heap: h cannot read it: " + notJava + "\n");
        assertThat(access.reads).hasValue(0);
    }

    @Test
    void aDriverOnAnotherHostIsSaidSoAndAKeyElsewhereDoesNothing() {
        UiState remote = polled(LocalProcessFeed.forTarget(TargetParser.parse("spark-master.example.com:4040")));
        UiState detail = open(remote, "driver-memory.large-results");
        assertThat(text(detail)).doesNotContain("Driver heap");

        assertThat(folded(type(detail, "h").state())).contains("Driver heap: h cannot read it: the driver runs on another host: run 'sparkdoc driver heap' on");

        CountingAccess access = new CountingAccess(Optional.empty(), DriverHeapKeysTest::rowsHeld);
        UiState local = polled(localDriver(access));
        Folded inList = type(local, "h");
        assertThat(inList.effects()).isEmpty();
        assertThat(inList.state().heap()).isEqualTo(DriverHeap.NONE);
        Finding other = Rows.findings(local).stream().filter(f -> !DriverHeapKeys.applies(f)).findFirst().orElseThrow();
        UiState otherDetail = open(local, other.rule());
        assertThat(text(otherDetail)).doesNotContain("Driver heap");
        assertThat(type(otherDetail, "h").state().heap()).isEqualTo(DriverHeap.NONE);
    }

    @Test
    void theFeedChecksAnAttachableDriverOnceAndADriverThatIsNotListedIsSaidSo() {
        CountingAccess access = new CountingAccess(Optional.empty(), DriverHeapKeysTest::rowsHeld);
        ProcessFeed feed = localDriver(access);
        assertThat(feed.sample(SNAPSHOT).driverJvm()).isEqualTo(DriverJvm.at(PID, Optional.empty()));
        assertThat(feed.sample(SNAPSHOT).driverJvm().attachable()).isTrue();
        assertThat(access.checks).hasValue(1);

        ProcessRow pythonParent = new ProcessRow(4100, "driver python", Optional.empty(), 1.0, MIB, 2, "python3 app.py", List.of());
        ProcessRow underIt = new ProcessRow(PID, "└ driver", Optional.of("driver"), 1.0, MIB, 2, "SparkSubmit", List.of());
        assertThat(new DriverJvmFeed(s -> ProcessPaneRows.of(List.of(pythonParent, underIt)), access).sample(SNAPSHOT).driverJvm().pid())
                .hasValue(PID);

        ProcessRow executorOnly = new ProcessRow(4300, "executor", Optional.of("1"), 1.0, MIB, 2, "Executor", List.of());
        DriverJvm none = new DriverJvmFeed(s -> ProcessPaneRows.of(List.of(executorOnly)), access).sample(SNAPSHOT).driverJvm();
        assertThat(none.attachable()).isFalse();
        assertThat(none.whyNot()).hasValueSatisfying(w -> assertThat(w).startsWith("no driver JVM of app-"));
    }

    @Test
    void theRealCheckRefusesWhatIsNotAJvmAndAcceptsThisOne() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            assertThat(JvmTools.whyNotAttachable(sleep.pid())).hasValueSatisfying(w -> assertThat(w).contains("is not a Java process"));
            assertThat(sleep.isAlive()).as("asking sends no signal").isTrue();
        } finally {
            sleep.destroyForcibly();
        }
        assertThat(JvmTools.whyNotAttachable(ProcessHandle.current().pid())).isEmpty();
    }

    @Test
    void theHelpListsTheKey() {
        UiState help = TuiFixtures.keys(polled(localDriver(new CountingAccess(Optional.empty(), DriverHeapKeysTest::rowsHeld))), "?");
        assertThat(text(help)).contains("h        driver's heap, by class");
    }
}
