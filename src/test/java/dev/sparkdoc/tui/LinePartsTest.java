package dev.sparkdoc.tui;

import static dev.sparkdoc.tui.LineParts.extra;
import static dev.sparkdoc.tui.LineParts.free;
import static dev.sparkdoc.tui.LineParts.key;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a line's parts give way: extras go first (the last one first), then free text is cut, keys never. */
class LinePartsTest {

    private static final List<LineParts.Part> PARTS = List.of(extra("sparkdoc | "), key("RUNNING | "), free("a long name"),
            key(" (app-1)"), extra(" more"));

    @Test
    void aLineThatFitsIsJoinedWhole() {
        assertThat(LineParts.fit(Glyphs.UNICODE, 80, PARTS)).isEqualTo("sparkdoc | RUNNING | a long name (app-1) more");
    }

    @Test
    void extrasGoLastOneFirstBeforeAnyFreeTextIsCut() {
        assertThat(LineParts.fit(Glyphs.UNICODE, 40, PARTS)).isEqualTo("sparkdoc | RUNNING | a long name (app-1)");
        assertThat(LineParts.fit(Glyphs.UNICODE, 29, PARTS)).isEqualTo("RUNNING | a long name (app-1)");
    }

    @Test
    void freeTextIsCutInDisplayColumnsAndKeysStayWhole() {
        assertThat(LineParts.fit(Glyphs.UNICODE, 24, PARTS)).isEqualTo("RUNNING | a lon… (app-1)");
        assertThat(LineParts.fit(Glyphs.UNICODE, 22, List.of(key("RUNNING | "), free("数据倾斜の結合"), key(" (app-1)"))))
                .isEqualTo("RUNNING | 数… (app-1)");
        assertThat(LineParts.fit(Glyphs.UNICODE, 10, PARTS)).isEqualTo("RUNNING | … (app-1)");
    }

    @Test
    void asciiMeasuresItsThreeDotEllipsis() {
        assertThat(LineParts.fit(Glyphs.ASCII, 26, List.of(key("RUNNING │ "), free("a long name"), key(" (app-1)"))))
                .isEqualTo("RUNNING | a lon... (app-1)");
    }

    @Test
    void aSentenceIsCutAfterAWholeClauseOrAWholeWordNeverInsideANumber() {
        String title = "Data skew in stage 4: the slowest task took 6.4 s against a 270 ms median, with 789.6 KiB of shuffle read";
        assertThat(LineParts.fit(Glyphs.UNICODE, 80, List.of(LineParts.sentence(title))))
                .isEqualTo("Data skew in stage 4: the slowest task took 6.4 s against a 270 ms median …");
        assertThat(LineParts.fit(Glyphs.UNICODE, 60, List.of(key("2 warning │ "), LineParts.sentence(title))))
                .isEqualTo("2 warning │ Data skew in stage 4: the slowest task took …");
        assertThat(LineParts.fit(Glyphs.ASCII, 70, List.of(LineParts.sentence(title))))
                .isEqualTo("Data skew in stage 4: the slowest task took 6.4 s against a 270 ms ...");
    }
}
