package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.Snapshots;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A terminal whose locale is not UTF-8 (LANG=C) gets the screen in ASCII: | - + ... ^ x and bars
 * of # = . instead of box lines, the ellipsis and blocks, and ? for other characters, column for
 * column. The locale is read as libc reads it: LC_ALL, then LC_CTYPE, then LANG.
 */
class AsciiScreenTest {

    @ParameterizedTest
    @CsvSource(nullValues = "-", value = {
            "-, -, en_US.UTF-8, UNICODE", "-, -, C.utf8, UNICODE", "-, -, de_DE.UTF-8@euro, UNICODE",
            "-, en_US.UTF-8, C, UNICODE", "-, -, C, ASCII", "-, -, POSIX, ASCII", "-, -, en_US, ASCII",
            "-, -, en_US.ISO-8859-1, ASCII", "-, -, -, ASCII", "C, -, en_US.UTF-8, ASCII", "-, POSIX, en_US.UTF-8, ASCII",
            "'', '', en_US.UTF-8, UNICODE"})
    void theLocaleDecidesAsLibcDoes(String lcAll, String lcCtype, String lang, Glyphs expected) {
        Map<String, String> env = new HashMap<>();
        put(env, "LC_ALL", lcAll);
        put(env, "LC_CTYPE", lcCtype);
        put(env, "LANG", lang);

        assertThat(Glyphs.forLocale(env)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "2", "2\n", "3", "4", "?"})
    void everyPaneIsDrawnInAsciiWithinTheGrid(String typed) {
        List<String> rows = rows(keys(TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 24), typed));

        assertThat(rows).hasSize(24).allSatisfy(r -> assertThat(r).hasSizeLessThanOrEqualTo(80).matches("[ -~]*"));
        assertThat(rows.get(0)).startsWith(" COMPLETED | Spark 4.0.1 | up ").endsWith("... (local-1795967353438)");
        assertThat(rows.get(3)).startsWith(" 1 Findings 2 | 2 Stages 3 |");
    }

    @Test
    void barsMarkersAndTheEllipsisHaveAsciiForms() {
        List<String> stages = rows(keys(TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 24), "2"));

        // the stage is named by its job description, not AQE's pool thread; the cut header shows the ellipsis
        assertThat(stages.get(5)).startsWith("    4 done  ########     10/10").contains("___.#", "^24x").endsWith("skewed join");
        assertThat(stages.get(0)).contains("... (local-");
        assertThat(stages.get(23)).startsWith("^v/jk move  Enter open").endsWith("? help  q quit");
        List<String> help = rows(keys(TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 24), "?"));
        assertThat(String.join("\n", help)).contains("+- sparkdoc attach: keys ---", "| ^ k      move up", "S-Tab <");
    }

    @Test
    void otherCharactersBecomeOneQuestionMarkPerColumn() {
        var snap = Snapshots.app().named("app-1", "数据倾斜 join").running(T0.plusSeconds(5)).build();

        assertThat(rows(TuiFixtures.live(snap, 80, 24)).get(0))
                .isEqualTo(" sparkdoc | RUNNING | Spark 4.0.1 | up 5.0s | ???????? join (app-1)");
    }

    private static List<String> rows(UiState s) {
        return TextBackend.lines(Views.render(s, Glyphs.ASCII));
    }

    private static void put(Map<String, String> env, String name, String value) {
        if (value != null) {
            env.put(name, value);
        }
    }
}
