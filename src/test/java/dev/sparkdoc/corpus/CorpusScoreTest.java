package dev.sparkdoc.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The blind corpus, scored on every build: a case sparkdoc named right before may not go wrong.
 * {@code scripts/score} prints the whole score; {@code scripts/score --update} rewrites the
 * baseline after a change that makes more cases right.
 */
class CorpusScoreTest {

    @Test
    void noScoredCaseRegresses() throws IOException {
        List<CorpusScore.Judged> judged = CorpusScore.judgeAll();
        String report = CorpusScore.report(judged);
        Path out = Path.of("target/corpus-score.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        if (Boolean.getBoolean("sparkdoc.score.update")) {
            CorpusScore.writeBaseline(judged);
        }
        Set<String> rightNow = judged.stream().filter(CorpusScore.Judged::right).map(j -> j.c().name())
                .collect(Collectors.toSet());
        List<String> regressed = CorpusScore.baseline().stream().filter(c -> !rightNow.contains(c)).toList();
        assertThat(regressed).as("corpus cases named right before and wrong now (target/corpus-score.txt):%n%s", report)
                .isEmpty();
    }

    @Test
    void everyCaseHasItsLogAndAKnownFamily() {
        Set<String> families = Set.of("not-starting", "errors-before", "errors-during", "stragglers", "skew",
                "aggregations", "joins", "io", "driver-memory", "executor-memory", "spill", "nulls", "disk",
                "serialization", "udf", "python", "config", "scheduling", "streaming", CorpusCase.HEALTHY);
        assertThat(CorpusScore.cases()).isNotEmpty().allSatisfy(c -> {
            assertThat(c.log()).as(c.name()).exists();
            assertThat(families).as(c.name()).contains(c.family());
            assertThat(families).as(c.name()).containsAll(c.accept());
        });
    }
}
