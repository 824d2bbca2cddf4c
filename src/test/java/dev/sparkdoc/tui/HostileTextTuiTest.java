package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.HostileLogs.hasControl;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static dev.sparkdoc.tui.TuiFixtures.screenshot;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.testing.HostileLogs;
import dev.sparkdoc.testing.Slow;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile application text drawn on Lanterna's virtual terminal: the grid stays intact. */
class HostileTextTuiTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "2", "2\n", "3", "4"})
    void everyPaneDrawsHostileTextWithoutControlsAndWithinTheGrid(String typed) {
        UiState s = keys(TuiFixtures.still(HostileLogs.write(dir), 80, 24), typed);
        var shot = screenshot(s, new Palette(true));

        var rows = shot.cells().stream().map(HostileTextTuiTest::shown).toList();
        assertThat(hasControl(shot.text())).as(shot.text()).isFalse();
        // Lanterna keeps a wide character in both of its cells: the row as seen is one copy of it
        assertThat(rows).hasSize(24).allSatisfy(r -> assertThat(SafeText.width(r)).as(r).isLessThanOrEqualTo(80));
        // at 80 columns the name gives way to the application id (whole); the 120-column test shows it wide
        assertThat(String.join("\n", rows)).contains("evil app");
        assertThat(shot.bufferLines()).isLessThanOrEqualTo(24);
    }

    /** A row as a person sees it: a wide character once, though it fills two cells. */
    private static String shown(java.util.List<TextCharacter> row) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < row.size(); c++) {
            b.append(row.get(c).getCharacterString());
            if (row.get(c).isDoubleWidth()) {
                c++;
            }
        }
        return b.toString().stripTrailing();
    }

    @Slow
    @Test
    void aHugeSqlDescriptionInAStageDrillIsCutWithANote() {
        Path log = HostileLogs.withDescription(dir, "SELECT " + "col_a, ".repeat(300_000) + "x FROM t");
        UiState s = keys(TuiFixtures.still(log, 80, 300), "2\n");
        String screen = TextBackend.text(Views.render(s));

        assertThat(screen).contains("SELECT col_a").contains("[cut: ");
    }

    @Test
    void theHeaderShowsTheNameCleanedWithWideCharactersInTwoCells() {
        var shot = screenshot(TuiFixtures.still(HostileLogs.write(dir), 120, 24), new Palette(false));

        assertThat(shot.text()).contains("evil app").contains("数据");
    }

    @Test
    void wideCharactersTakeTwoCellsAndTextAfterThemStartsAtItsColumn() throws Exception {
        Frame f = new Frame(20, 2);
        f.text(0, 0, 9, "数据倾斜の結合", Tone.NORMAL);
        f.text(9, 0, "|x", Tone.NORMAL);
        f.text(0, 1, "\u001b[2J\u001b]52;c;AA\u0007ok\r\b", Tone.NORMAL);

        DefaultVirtualTerminal terminal = new DefaultVirtualTerminal(new TerminalSize(20, 2));
        TerminalScreen screen = new TerminalScreen(terminal);
        screen.startScreen();
        new LanternaBackend(screen, new Palette(false)).draw(f);
        TextCharacter nine = terminal.getCharacter(9, 0);
        TextCharacter zero = terminal.getCharacter(0, 0);
        StringBuilder second = new StringBuilder();
        for (int c = 0; c < 20; c++) {
            second.append(terminal.getCharacter(c, 1).getCharacterString());
        }
        screen.stopScreen();

        assertThat(f.row(0)).startsWith("数据倾斜…|x");
        assertThat(zero.getCharacterString()).isEqualTo("数");
        assertThat(zero.isDoubleWidth()).isTrue();
        assertThat(nine.getCharacterString()).isEqualTo("|");
        assertThat(second.toString().strip()).isEqualTo("ok ?");
    }

    @Test
    void overwritingHalfAWideCharacterLeavesASpaceNotAHalfGlyph() {
        Frame f = new Frame(6, 1);
        f.text(0, 0, "数据倾", Tone.NORMAL);
        f.set(1, 0, 'x', Tone.NORMAL);
        f.set(2, 0, 'y', Tone.NORMAL);

        assertThat(f.row(0)).isEqualTo(" xy 倾");
        assertThat(SafeText.width(f.row(0))).isEqualTo(6);
    }
}
