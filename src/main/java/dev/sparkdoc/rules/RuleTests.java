package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactUnit;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code sparkdoc rules test}: runs rule test files ({@code *.test.yaml}) against the rules in
 * force, one line per failing case, as {@code promtool test rules} does.
 */
public final class RuleTests {

    private RuleTests() {
    }

    /** A case's outcome: empty when it passed, else what went wrong. */
    public record Outcome(RuleTestCase testCase, Optional<String> failure) {
        public boolean passed() {
            return failure.isEmpty();
        }

        /** "FILE:LINE: rule "name": what went wrong". */
        public String line() {
            return testCase.where() + ": " + testCase.rule().id() + " \"" + testCase.name() + "\": " + failure.orElse("passed");
        }
    }

    /** The test files of a folder (its *.test.yaml, sorted), or the one file given. */
    public static List<Path> files(Path dirOrFile) {
        if (!Files.isDirectory(dirOrFile)) {
            return List.of(dirOrFile);
        }
        try (Stream<Path> s = Files.list(dirOrFile)) {
            return s.filter(RuleFiles::isTests).sorted().toList();
        } catch (IOException e) {
            throw new DataFileException(dirOrFile.toString(), 0, "cannot read: " + e.getMessage());
        }
    }

    /** The cases of one test file, read against {@code rules}. */
    public static List<RuleTestCase> load(Path file, List<Rule> rules) {
        Map<String, Rule> byId = new LinkedHashMap<>();
        rules.forEach(r -> byId.put(r.id(), r));
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return RuleTestParser.parse(r, file.toString(), byId);
        } catch (IOException e) {
            throw new DataFileException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
    }

    public static Outcome run(RuleTestCase c) {
        Optional<Finding> finding = RuleEngine.evaluate(c.rule(), c.facts());
        if (finding.isEmpty()) {
            return new Outcome(c, c.fires() ? Optional.of("expected it to fire, it stayed silent" + unmet(c)) : Optional.empty());
        }
        Finding f = finding.get();
        if (!c.fires()) {
            return new Outcome(c, Optional.of("expected it to stay silent, it fired: " + f.severity().id() + ", "
                    + DurationFormat.of(f.secondsLost() * 1000) + " lost: " + f.title()));
        }
        List<String> wrong = new ArrayList<>();
        c.severity().filter(s -> s != f.severity())
                .ifPresent(s -> wrong.add("severity " + f.severity().id() + ", expected " + s.id()));
        c.secondsLost().filter(e -> !close(e.value(), f.secondsLost()))
                .ifPresent(e -> wrong.add("secondsLost " + Thresholds.literal(f.secondsLost(), FactUnit.SECONDS) + ", expected " + e.written()));
        c.title().filter(t -> !t.equals(f.title()))
                .ifPresent(t -> wrong.add("title \"" + f.title() + "\", expected \"" + t + "\""));
        fixes(c.fixes(), f, wrong);
        return new Outcome(c, wrong.isEmpty() ? Optional.empty() : Optional.of("fired with " + String.join("; ", wrong)));
    }

    /** What the remedies set and say, and the settings in force they list, against the case's expectations. */
    private static void fixes(RuleTestCase.Fixes x, Finding f, List<String> wrong) {
        Map<String, String> set = new LinkedHashMap<>();
        f.remedies().forEach(r -> r.conf().forEach(set::putIfAbsent));
        x.proposes().forEach((key, value) -> {
            boolean found = f.remedies().stream().anyMatch(r -> value.equals(r.conf().get(key)));
            if (!found) {
                wrong.add("no remedy sets " + key + "=" + value + (set.containsKey(key) ? " (one sets " + set.get(key) + ")" : "")
                        + "; remedies set " + set);
            }
        });
        x.doesNotPropose().stream().filter(set::containsKey)
                .forEach(key -> wrong.add("a remedy sets " + key + "=" + set.get(key) + ", expected none to"));
        List<String> inForce = f.settings().stream().map(Finding.SettingInForce::display).toList();
        x.inForce().stream().filter(t -> inForce.stream().noneMatch(l -> l.contains(t)))
                .forEach(t -> wrong.add("no setting in force reads \"" + t + "\"; they read " + inForce));
        x.remedyText().stream().filter(t -> f.remedies().stream().noneMatch(r -> r.text().contains(t) || r.why().filter(w -> w.contains(t)).isPresent()))
                .forEach(t -> wrong.add("no remedy says \"" + t + "\""));
    }

    /** ": a = 4.9× (needs >= 5), b not given": the leaves that did not hold. */
    private static String unmet(RuleTestCase c) {
        List<LeafResult> leaves = new ArrayList<>();
        c.rule().when().test(c.facts(), leaves::add);
        String unmet = leaves.stream().filter(l -> !l.passed())
                .map(l -> l.value().isPresent()
                        ? l.fact() + " = " + FactFormat.human(l.value().getAsDouble(), l.fact().unit()) + " (needs " + l.op().symbol()
                                + " " + l.thresholdText() + ")"
                        : l.fact() + " not given")
                .collect(Collectors.joining(", "));
        return unmet.isEmpty() ? "" : ": " + unmet;
    }

    private static boolean close(double expected, double actual) {
        return Math.abs(expected - actual) <= 1e-9 * Math.max(1, Math.abs(expected));
    }
}
