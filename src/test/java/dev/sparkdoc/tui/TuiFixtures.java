package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.testing.Snapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** States built from real event logs and hand-made snapshots, rendered the way the terminal shows them. */
final class TuiFixtures {

    static final Path SKEWED_JOIN = Path.of("src/test/resources/spark/eventlogs/skewed-join-plain/local-1795967353438");
    static final Path JOIN_INPROGRESS = Path.of("src/test/resources/spark/eventlogs/join-inprogress/local-1795967350496.inprogress");

    private TuiFixtures() {
    }

    static Diagnosis diagnose(AppSnapshot s) {
        return Diagnosis.of(s, RuleCatalog.builtIn());
    }

    static Diagnosis fromLog(Path log) {
        try (SnapshotSource source = Sources.open(TargetParser.parse(log.toString()), AppSelector.ANY, HttpOptions.DEFAULT)) {
            return diagnose(source.read());
        }
    }

    /** A still picture of an event log, as attach shows it. */
    static UiState still(Path log, int width, int height) {
        Diagnosis d = fromLog(log);
        UiState s = UiState.initial(PollStatus.still(log.toString()), width, height, d.snapshot().takenAt());
        return Update.apply(s, new UiEvent.SnapshotArrived(d, ProcessPaneRows.NOT_YET, d.snapshot().takenAt(), 40, Duration.ZERO)).state();
    }

    /** A running application with a skewed active stage, a dead and an excluded executor, failures. */
    static AppSnapshot liveCluster(Instant now) {
        return Snapshots.app().running(now)
                .stage(stage(3).tasks(200, 150).quantiles(TaskMetric.DURATION, q(2_000, 90_000))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 << 20, 2_000L << 20)).shuffleRead(30L << 30)
                        .slowTask(7, "2", 90_000).failure("ExceptionFailure", "java.lang.ArithmeticException", "/ by zero", 3))
                .stage(stage(4).tasks(400, 120).active(8).runningTask("1", 45_000))
                .executors(executor("driver", 0), executor("1", 4).taskTime(600_000, 150_000).tasks(300, 0),
                        executor("2", 4).tasks(250, 3), executor("3", 4).removed("Container killed by YARN for exceeding memory limits"),
                        executor("4", 4).peak("ProcessTreePythonRSSMemory", 3L << 30).peak("ProcessTreeJVMRSSMemory", 5L << 30))
                .build();
    }

    static UiState live(AppSnapshot snap, int width, int height) {
        Instant now = snap.takenAt();
        UiState s = UiState.initial(PollStatus.live("http://driver:4040", Duration.ofSeconds(2)), width, height, now);
        return Update.apply(s, new UiEvent.SnapshotArrived(diagnose(snap), ProcessPaneRows.NOT_YET, now, 120, Duration.ofSeconds(2))).state();
    }

    static UiState keys(UiState s, String typed) {
        for (KeyInput k : KeyInput.typed(typed)) {
            s = Update.apply(s, new UiEvent.Pressed(k)).state();
        }
        return s;
    }

    /** The state drawn through the Lanterna backend onto a virtual terminal. */
    static Screenshot screenshot(UiState s, Palette palette) {
        DefaultVirtualTerminal terminal = new DefaultVirtualTerminal(new TerminalSize(s.width(), s.height()));
        try {
            TerminalScreen screen = new TerminalScreen(terminal);
            screen.startScreen();
            new LanternaBackend(screen, palette).draw(Views.render(s));
            List<String> rows = new ArrayList<>();
            List<List<TextCharacter>> cells = new ArrayList<>();
            for (int r = 0; r < s.height(); r++) {
                StringBuilder b = new StringBuilder();
                List<TextCharacter> row = new ArrayList<>();
                for (int c = 0; c < s.width(); c++) {
                    TextCharacter ch = terminal.getCharacter(c, r);
                    row.add(ch);
                    b.append(ch.getCharacterString());
                }
                rows.add(b.toString().stripTrailing());
                cells.add(row);
            }
            int bufferLines = terminal.getBufferLineCount();
            screen.stopScreen();
            return new Screenshot(rows, cells, bufferLines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Screenshot(List<String> rows, List<List<TextCharacter>> cells, int bufferLines) {
        String text() {
            return String.join("\n", rows);
        }
    }
}
