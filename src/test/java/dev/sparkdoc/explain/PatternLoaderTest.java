package dev.sparkdoc.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.firstaid.Families;
import dev.sparkdoc.datafile.DataFileException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatternLoaderTest {

    @Test
    void builtInPatternsLoadWithKnownFamiliesAndTheFallbackLast() {
        List<ErrorPattern> patterns = PatternLoader.builtIn();

        assertThat(patterns).hasSizeGreaterThan(30);
        assertThat(patterns).allSatisfy(p -> assertThat(Families.title(p.family())).isPresent());
        assertThat(patterns.get(patterns.size() - 1).id()).isEqualTo(ExplainedError.FALLBACK_PATTERN);
        assertThat(patterns).allSatisfy(p -> assertThat(p.remedies()).isNotEmpty());
    }

    @Test
    void coversTheErrorFamiliesOfFirstAid() {
        assertThat(PatternLoader.builtIn()).extracting(ErrorPattern::family).contains(
                "errors-before", "errors-during", "driver-memory", "executor-memory", "disk", "serialization",
                "python", "joins", "not-starting");
    }

    @Test
    void badRegexFailsWithFileAndLine() {
        String yaml = """
                patterns:
                  - id: broken
                    match:
                      - 'Foo(Exception'
                    family: errors-during
                    title: t
                """;

        assertThatThrownBy(() -> PatternLoader.parse(new StringReader(yaml), "mine.yaml"))
                .isInstanceOf(DataFileException.class)
                .hasMessageStartingWith("mine.yaml:4: bad regex in 'match'");
    }

    @Test
    void unknownFamilyFailsWithItsLine() {
        String yaml = """
                patterns:
                  - id: a
                    match: ['x']
                    family: memory
                    title: t
                """;

        assertThatThrownBy(() -> PatternLoader.parse(new StringReader(yaml), "p.yaml"))
                .hasMessageStartingWith("p.yaml:4: unknown family 'memory'");
    }

    @Test
    void unknownKeyDuplicateIdAndSyntaxErrorsAreReported() {
        assertThatThrownBy(() -> PatternLoader.parse(new StringReader("patterns:\n  - id: a\n    matches: ['x']\n"), "k.yaml"))
                .hasMessageStartingWith("k.yaml:3: unknown key 'matches'");
        String dup = "patterns:\n  - {id: a, match: ['x'], family: disk, title: t}\n  - {id: a, match: ['y'], family: disk, title: t}\n";
        assertThatThrownBy(() -> PatternLoader.parse(new StringReader(dup), "d.yaml"))
                .hasMessageStartingWith("d.yaml:3: duplicate pattern id 'a'");
        assertThatThrownBy(() -> PatternLoader.parse(new StringReader("patterns:\n  - id: [unclosed\n"), "s.yaml"))
                .hasMessageContaining("s.yaml:").hasMessageContaining("not valid YAML");
        assertThatThrownBy(() -> PatternLoader.parse(new StringReader("patterns:\n  - {id: a, match: ['x'], family: disk, title: t, on: [everywhere]}\n"), "o.yaml"))
                .hasMessageStartingWith("o.yaml:2: unknown 'on' value 'everywhere'");
    }

    @Test
    void firstMatchingPatternInFileOrderWins() {
        String yaml = """
                patterns:
                  - {id: specific, match: ['BoomException: big'], family: disk, title: "specific {exception}", remedies: [{text: a}]}
                  - {id: general, match: ['BoomException'], family: errors-during, title: general, remedies: [{text: b}]}
                """;
        ErrorClassifier classifier = new ErrorClassifier(PatternLoader.parse(new StringReader(yaml), "order.yaml"));

        assertThat(classifier.classify("com.acme.BoomException: big\n").get(0).pattern()).isEqualTo("specific");
        assertThat(classifier.classify("com.acme.BoomException: big\n").get(0).title()).isEqualTo("specific BoomException");
        assertThat(classifier.classify("com.acme.BoomException: small\n").get(0).pattern()).isEqualTo("general");
        assertThat(classifier.classify("com.acme.OtherException: x\n")).as("no fallback in this file").isEmpty();
    }
}
