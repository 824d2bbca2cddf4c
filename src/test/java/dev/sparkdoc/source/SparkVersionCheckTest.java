package dev.sparkdoc.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SparkVersionCheckTest {

    @Test
    void knownVersionsNeedNoNote() {
        assertThat(SparkVersionCheck.note("2.4.8")).isEmpty();
        assertThat(SparkVersionCheck.note("3.5.1")).isEmpty();
        assertThat(SparkVersionCheck.note("4.0.1")).isEmpty();
        assertThat(SparkVersionCheck.note("4.2.0-SNAPSHOT")).isEmpty();
        assertThat(SparkVersionCheck.note("3.1.1.119")).isEmpty();
    }

    @Test
    void futureVersionIsReadWithAWarning() {
        assertThat(SparkVersionCheck.note("5.0.0")).hasValueSatisfying(n -> assertThat(n).contains("newer").contains("upgrade"));
    }

    @Test
    void oldAndGarbledVersionsAreFlagged() {
        assertThat(SparkVersionCheck.note("1.4.0-SNAPSHOT")).hasValueSatisfying(n -> assertThat(n).contains("older than 2.4"));
        assertThat(SparkVersionCheck.note("banana")).hasValueSatisfying(n -> assertThat(n).contains("unrecognised"));
    }
}
