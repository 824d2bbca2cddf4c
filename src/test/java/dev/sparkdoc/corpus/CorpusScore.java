package dev.sparkdoc.corpus;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Scores sparkdoc on the blind corpus: for an application with a problem, right when its top finding
 * at warning or above is of the family the author named; for a healthy one, right when nothing is at
 * warning. Prints per-family recall and precision and every miss ({@code scripts/score}).
 */
final class CorpusScore {

    static final Path ROOT = Path.of("src/test/resources/corpus");
    static final Path LABELS = ROOT.resolve("labels.tsv");
    static final Path BASELINE = ROOT.resolve("baseline.tsv");

    /** One case as sparkdoc judged it: the top finding at warning or above, if any. */
    record Judged(CorpusCase c, Optional<Finding> top, String error) {
        Optional<String> topFamily() {
            return top.map(Finding::family);
        }

        boolean right() {
            return error == null && c.rightWith(topFamily());
        }

        String verdict() {
            if (error != null) {
                return "error: " + error;
            }
            return top.map(f -> f.family() + " (" + f.rule() + ", " + f.severity().name().toLowerCase() + "): "
                    + f.title()).orElse("nothing at warning");
        }
    }

    private CorpusScore() {
    }

    static List<CorpusCase> cases() {
        try (Stream<String> lines = Files.lines(LABELS)) {
            List<String> rows = lines.filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
            List<String> header = Arrays.asList(rows.get(0).split("\t", -1));
            return rows.stream().skip(1).map(r -> parse(header, r.split("\t", -1))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CorpusCase parse(List<String> header, String[] cells) {
        java.util.function.Function<String, String> col = name -> {
            int i = header.indexOf(name);
            return i >= 0 && i < cells.length ? cells[i].strip() : "";
        };
        String accept = col.apply("accept");
        var also = accept.isEmpty() ? new LinkedHashSet<String>()
                : new LinkedHashSet<>(Arrays.asList(accept.split(",")));
        String name = col.apply("case");
        return new CorpusCase(name, col.apply("spark"), col.apply("mode"), col.apply("lang"), col.apply("family"),
                also, col.apply("problem"), logOf(ROOT.resolve(name)));
    }

    /** The case's folder holds the event log Spark wrote: one file, or one rolling folder. */
    private static Path logOf(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            List<Path> all = entries.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
            return all.size() == 1 ? all.get(0) : dir;
        } catch (IOException e) {
            return dir;
        }
    }

    static Judged judge(CorpusCase c) {
        try {
            Diagnosis d = Diagnosis.of(new EventLogSource(c.log()).read(), RuleCatalog.builtIn());
            return new Judged(c, d.atLeast(Severity.WARNING).stream().findFirst(), null);
        } catch (RuntimeException e) {
            return new Judged(c, Optional.empty(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    static List<Judged> judgeAll() {
        return cases().stream().map(CorpusScore::judge).toList();
    }

    /** The report scripts/score prints. */
    static String report(List<Judged> judged) {
        StringBuilder out = new StringBuilder();
        long right = judged.stream().filter(Judged::right).count();
        long healthy = judged.stream().filter(j -> j.c().healthy()).count();
        long healthyRight = judged.stream().filter(j -> j.c().healthy() && j.right()).count();
        out.append(String.format("score: %d of %d right (%.0f %%); healthy quiet: %d of %d%n", right, judged.size(),
                100.0 * right / Math.max(1, judged.size()), healthyRight, healthy));
        out.append(String.format("%n%-16s %5s %8s %9s%n", "family", "cases", "recall", "precision"));
        Map<String, List<Judged>> byFamily = judged.stream().collect(Collectors.groupingBy(j -> j.c().family(),
                TreeMap::new, Collectors.toList()));
        var named = new TreeMap<String, Long>();
        judged.forEach(j -> j.topFamily().ifPresent(f -> named.merge(f, 1L, Long::sum)));
        var families = new java.util.TreeSet<>(byFamily.keySet());
        families.addAll(named.keySet());
        for (String family : families) {
            List<Judged> of = byFamily.getOrDefault(family, List.of());
            long hit = of.stream().filter(Judged::right).count();
            long namedRight = judged.stream().filter(j -> j.right() && j.topFamily().filter(family::equals).isPresent())
                    .count();
            long namedAll = named.getOrDefault(family, 0L);
            out.append(String.format("%-16s %5d %8s %9s%n", family, of.size(),
                    of.isEmpty() ? "-" : pct(hit, of.size()),
                    family.equals(CorpusCase.HEALTHY) ? "-" : namedAll == 0 ? "-" : pct(namedRight, namedAll)));
        }
        List<Judged> misses = judged.stream().filter(j -> !j.right()).toList();
        out.append(String.format("%nmisses (%d):%n", misses.size()));
        for (Judged j : misses) {
            out.append(String.format("  %s [%s %s %s] expected %s: %s%n    got %s%n", j.c().name(), j.c().spark(),
                    j.c().lang(), j.c().mode(), j.c().family(), j.c().problem(), j.verdict()));
        }
        return out.toString();
    }

    private static String pct(long part, long whole) {
        return String.format("%.0f%%", 100.0 * part / whole);
    }

    /** The cases that were right when the baseline was last written: none of them may go wrong. */
    static List<String> baseline() {
        if (!Files.exists(BASELINE)) {
            return List.of();
        }
        try (Stream<String> lines = Files.lines(BASELINE)) {
            return lines.filter(l -> !l.isBlank() && !l.startsWith("#")).map(String::strip).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void writeBaseline(List<Judged> judged) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# the corpus cases sparkdoc names right; CorpusScoreTest fails when one goes wrong");
        lines.add("# written by: scripts/score --update (only after a change that makes more cases right)");
        judged.stream().filter(Judged::right).map(j -> j.c().name()).sorted().forEach(lines::add);
        Files.write(BASELINE, lines);
    }
}
