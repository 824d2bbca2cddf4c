package dev.sparkdoc.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.cli.CliRun;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.tui.DriverJvm;
import dev.sparkdoc.tui.PollStatus;
import dev.sparkdoc.tui.ProcessPaneRows;
import dev.sparkdoc.tui.TextBackend;
import dev.sparkdoc.tui.UiEvent;
import dev.sparkdoc.tui.UiState;
import dev.sparkdoc.tui.Update;
import dev.sparkdoc.tui.Views;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README stays short and true: at most 2,000 words, its two pictures (the triage report and the
 * live view of the embedded example) are what sparkdoc prints today, and every relative link between
 * the README and docs/*.md reaches a file and, with a {@code #fragment}, a heading of it.
 *
 * <p>A picture block sits under a {@code <!-- picture: NAME -->} line. When the output changes on
 * purpose, {@code mvn -B -o -q test -Dtest=DocsTest -Dsparkdoc.docs.refresh=true} writes the new
 * pictures into README.md (then review the diff and commit it).
 */
class DocsTest {

    static final Path README = Path.of("README.md");
    static final Path DOCS = Path.of("docs");
    static final String EXAMPLE = "examples/skewed-join/eventlog_v2_local-1795967361954";
    static final int MAX_WORDS = 2_000;
    static final String REFRESH = "sparkdoc.docs.refresh";

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    // ---- the word budget ----

    @Test
    void theReadmeHasAtMostTwoThousandWords() throws IOException {
        int words = words(Files.readString(README));
        assertThat(words).as("README.md has %d words (as wc -w counts them); the budget is %d: move detail to a docs/ page"
                + " and link it", words, MAX_WORDS).isLessThanOrEqualTo(MAX_WORDS);
    }

    static int words(String text) {
        String t = text.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }

    // ---- the pictures ----

    @Test
    void theReadmeTriagePictureIsWhatTriagePrintsForTheExample() throws IOException {
        CliRun run = CliRun.of("triage", EXAMPLE);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertPicture("triage", run.out());
    }

    @Test
    void theReadmeAttachPictureIsTheLiveViewOfTheExampleAt80By24() throws IOException {
        assertPicture("attach", attachScreen(80, 24));
    }

    /**
     * The live view of the example as {@code sparkdoc attach EXAMPLE} draws it (a still picture:
     * read once, no local processes), rendered through the text backend the view tests use. The
     * clock on screen is the log's last event, shown in UTC, so the picture is the same anywhere.
     */
    static String attachScreen(int width, int height) {
        TimeZone zone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
        try (SnapshotSource source = Sources.open(TargetParser.parse(EXAMPLE), AppSelector.ANY, HttpOptions.DEFAULT)) {
            AppSnapshot snapshot = source.read();
            ProcessPaneRows processes = ProcessPaneRows.unavailable("no local processes: this is a recording")
                    .withDriverJvm(DriverJvm.none("this is a recording: there is no running driver JVM to read"));
            Diagnosis diagnosis = Diagnosis.of(snapshot, RuleCatalog.builtIn(), processes.table());
            UiState state = UiState.initial(PollStatus.still(EXAMPLE), width, height, snapshot.takenAt());
            state = Update.apply(state, new UiEvent.SnapshotArrived(diagnosis, processes, snapshot.takenAt(), 40, Duration.ZERO)).state();
            return TextBackend.lines(Views.render(state)).stream().map(String::stripTrailing)
                    .collect(Collectors.joining("\n", "", "\n"));
        } finally {
            TimeZone.setDefault(zone);
        }
    }

    private static void assertPicture(String name, String actual) throws IOException {
        String readme = Files.readString(README);
        Matcher m = pictureBlock(name).matcher(readme);
        assertThat(m.find()).as("README.md has no picture block '%s': a line <!-- picture: %s --> followed by a ```text block",
                name, name).isTrue();
        String shown = m.group(2);
        if (!shown.equals(actual) && Boolean.getBoolean(REFRESH)) {
            Files.writeString(README, readme.substring(0, m.start(2)) + actual + readme.substring(m.end(2)));
            return;
        }
        assertThat(shown).as("README.md's '%s' picture is not what sparkdoc prints now. If the change is meant, refresh it with%n"
                + "  mvn -B -o -q test -Dtest=DocsTest -D%s=true -Dsparkdoc.skipDist=true%nthen review `git diff README.md` and commit it",
                name, REFRESH).isEqualTo(actual);
    }

    static Pattern pictureBlock(String name) {
        return Pattern.compile("(<!-- picture: " + Pattern.quote(name) + " [^\\n]*-->\\n```text\\n)(.*?)(?=```\\n)", Pattern.DOTALL);
    }

    // ---- the links ----

    @Test
    void everyRelativeLinkOfTheReadmeAndTheDocsReachesAFileAndItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path page : pages()) {
            for (String target : links(Files.readString(page))) {
                if (target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                    continue; // https:, mailto:: not ours to check offline
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(page + ": " + target + " (no file " + resolved + ")");
                    continue;
                }
                if (hash >= 0 && resolved.toString().endsWith(".md")) {
                    String fragment = target.substring(hash + 1);
                    Set<String> known = anchors.computeIfAbsent(resolved, DocsTest::anchorsOf);
                    if (!known.contains(fragment)) {
                        broken.add(page + ": " + target + " (no heading whose anchor is #" + fragment + " in " + file + ")");
                    }
                }
            }
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void theLinkCheckerFindsHeadingsAsGitHubNamesThem() {
        Set<String> a = anchors("# sparkdoc\n## Exit codes\n```\n# not a heading\n```\n### `attach`: the live view\n"
                + "## Exit codes\n### What changed since it last worked: `sparkdoc diff`\n");
        assertThat(a).containsExactlyInAnyOrder("sparkdoc", "exit-codes", "attach-the-live-view", "exit-codes-1",
                "what-changed-since-it-last-worked-sparkdoc-diff");
        assertThat(links("see [a](docs/a.md#x) and `[b](not/a/link.md)`\n```\n[c](in/code.md)\n```\n"))
                .containsExactly("docs/a.md#x");
    }

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(README));
        try (Stream<Path> s = Files.list(DOCS)) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Link targets outside fenced code and inline code. */
    static List<String> links(String markdown) {
        List<String> out = new ArrayList<>();
        for (String line : prose(markdown)) {
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    static Set<String> anchorsOf(Path page) {
        try {
            return anchors(Files.readString(page));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static Set<String> anchors(String markdown) {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(markdown)) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = m.group(2).toLowerCase().replaceAll("[^\\p{L}\\p{N}\\p{Mn}\\p{Pc} -]", "").replace(' ', '-');
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                out.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return out;
    }

    /** The lines outside fenced code blocks. */
    static List<String> prose(String markdown) {
        List<String> out = new ArrayList<>();
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                continue;
            }
            if (!inFence) {
                out.add(line);
            }
        }
        return out;
    }
}
