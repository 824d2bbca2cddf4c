package dev.sparkdoc.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SafeTextTest {

    @Test
    void escapeSequencesAreRemovedWhole() {
        assertThat(SafeText.clean("a\u001b[31mred\u001b[0m b")).isEqualTo("ared b");
        assertThat(SafeText.clean("x\u001b]52;c;cm0gLXJmIH4=\u0007y")).isEqualTo("xy");
        assertThat(SafeText.clean("x\u001b]0;title\u001b\\y")).isEqualTo("xy");
        assertThat(SafeText.clean("x\u009b2Jy\u009d0;t\u009cz")).isEqualTo("xyz");
        assertThat(SafeText.clean("x\u001bcy")).isEqualTo("xy");
        assertThat(SafeText.clean("unterminated \u001b]52;c;AAAA")).isEqualTo("unterminated ");
    }

    @Test
    void bareControlsAreReplacedAndBidiOverridesDropped() {
        assertThat(SafeText.clean("a\bb\u0007c\u0085d")).isEqualTo("a?b?c?d");
        assertThat(SafeText.clean("over\rwrite")).isEqualTo("over write");
        assertThat(SafeText.clean("l1\r\nl2\tx")).isEqualTo("l1\nl2\tx");
        assertThat(SafeText.clean("\u202Egnp.exe")).isEqualTo("gnp.exe");
        assertThat(SafeText.line("a\nb\tc")).isEqualTo("a b c");
    }

    @Test
    void widthCountsWideCharactersTwiceAndFitCutsByColumns() {
        assertThat(SafeText.width("abc")).isEqualTo(3);
        assertThat(SafeText.width("数据")).isEqualTo(4);
        assertThat(SafeText.width("😀")).isEqualTo(2);
        assertThat(SafeText.fit("数据倾斜", 5)).isEqualTo("数据…");
        assertThat(SafeText.width(SafeText.pad("数据倾斜", 5, false))).isEqualTo(5);
        assertThat(SafeText.fit("😀😀😀", 4)).isEqualTo("😀…");
    }

    @Test
    void hugeTextIsCappedWithANote() {
        String plan = "x".repeat(200_000);
        String capped = SafeText.capped(plan);
        assertThat(capped).hasSizeLessThan(10_100).endsWith("[cut: 190,000 more characters]");
    }

    @Test
    void theLastGuardKeepsOnlyOurOwnColours() {
        String ours = new Theme(true).bold("title");
        assertThat(SafeText.terminalLine(ours + "\u001b]52;c;AA\u0007", true)).isEqualTo(ours);
        assertThat(SafeText.terminalLine(ours, false)).isEqualTo("title");
    }
}
