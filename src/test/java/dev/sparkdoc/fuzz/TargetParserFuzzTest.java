package dev.sparkdoc.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetException;
import dev.sparkdoc.targets.TargetParser;

/** Whatever the user types as TARGET: a target, or one {@link TargetException} line. */
class TargetParserFuzzTest {

    /** The first crash the fuzzer found: Path.of threw InvalidPathException on a NUL. */
    @org.junit.jupiter.api.Test
    void aNulCharacterIsATargetExceptionNotACrash() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TargetParser.parse("host\0:4040"))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("not a host:port, URL or file name");
    }

    /** The second: "[:41]:4040" matched host:port, then URI.create threw IllegalArgumentException. */
    @org.junit.jupiter.api.Test
    void aBracketedNonAddressIsATargetExceptionNotACrash() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TargetParser.parse("[:41]:4040"))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("not a valid host");
    }

    /** The third (seed newline-in-target): a newline in the input split the message in two lines. */
    @org.junit.jupiter.api.Test
    void aNewlineInTheTargetStaysOnOneLineOfTheMessage() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TargetParser.parse("[\u0001\n.js"))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("not a target: '[??.js'");
    }

    @FuzzTest(maxDuration = "5m")
    void anyTextIsATargetOrATargetException(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        if (text.length() > 4096) {
            return;
        }
        try {
            Target t = TargetParser.parse(text);
            assertThat(t.display()).isNotNull();
        } catch (TargetException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
        }
    }
}
