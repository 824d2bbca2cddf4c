package dev.sparkdoc.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class AlignmentTest {

    @Test
    void anInsertedItemShiftsNothingElse() {
        Alignment<String> a = Alignment.of(List.of("load", "count", "save"), List.of("warmup", "load", "count", "save"),
                Function.identity());
        assertThat(a.matched()).extracting(Alignment.Pair::current).containsExactly("load", "count", "save");
        assertThat(a.added()).containsExactly("warmup");
        assertThat(a.removed()).isEmpty();
    }

    @Test
    void repeatedLabelsMatchInOrderAndTheSurplusIsRemoved() {
        Alignment<String> a = Alignment.of(List.of("x1", "x2", "y"), List.of("x3", "y"), s -> s.substring(0, 1));
        assertThat(a.matched()).containsExactly(new Alignment.Pair<>("x1", "x3"), new Alignment.Pair<>("y", "y"));
        assertThat(a.removed()).containsExactly("x2");
    }

    @Test
    void hugeSequencesFallBackToMatchingTheNthOfEachLabel() {
        List<Integer> before = java.util.stream.IntStream.range(0, 2_500).boxed().toList();
        List<Integer> after = java.util.stream.IntStream.range(0, 2_600).boxed().toList();
        Alignment<Integer> a = Alignment.of(before, after, i -> Integer.toString(i % 7));
        assertThat(a.matched()).hasSize(2_500);
        assertThat(a.added()).hasSize(100);
        assertThat(a.matched().get(0)).isEqualTo(new Alignment.Pair<>(0, 0));
    }
}
