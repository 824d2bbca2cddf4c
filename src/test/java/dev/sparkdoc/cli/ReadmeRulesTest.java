package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.RuleCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule examples of the docs work as written: each ```yaml block of "The diagnosis"
 * (docs/diagnosis.md) and "Writing a rule" (docs/rules.md) is saved under the file name its first
 * line gives, loaded, checked and tested.
 */
class ReadmeRulesTest {

    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\n# (?:\\S*/)?([\\w.-]+\\.yaml)\\b[^\n]*\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path dir;

    /** The docs page whose title is {@code title}, whole. */
    private static String page(String file, String title) throws IOException {
        String page = Files.readString(Path.of("docs", file));
        assertThat(page).as("docs/" + file + " titled " + title).startsWith("# " + title + "\n");
        return page;
    }

    /** The page's YAML files, written into {@code folder}. */
    private static List<Path> files(String file, String title, Path folder) throws IOException {
        Files.createDirectories(folder);
        List<Path> out = new ArrayList<>();
        Matcher m = YAML_BLOCK.matcher(page(file, title));
        while (m.find()) {
            out.add(Files.writeString(folder.resolve(m.group(1)), m.group(2)));
        }
        return out;
    }

    @Test
    void theDiagnosisExampleIsAValidRule() throws IOException {
        assertThat(files("diagnosis.md", "The diagnosis: facts, rules, seconds lost", dir)).hasSize(1);
        assertThat(RuleCatalog.load(dir)).singleElement().satisfies(r -> assertThat(r.family()).isEqualTo("skew"));
    }

    @Test
    void writingARuleWalksThroughARuleThatChecksAndTestsGreen() throws IOException {
        assertThat(files("rules.md", "Writing a rule", dir)).extracting(p -> p.getFileName().toString())
                .containsExactly("scheduling.yaml", "scheduling.test.yaml");

        CliRun check = CliRun.of("rules", "check", dir.toString());
        assertThat(check.out()).as(check.err()).isEqualTo("1 rule(s) OK in " + dir + "\n");

        CliRun test = CliRun.of("rules", "test", dir.toString());
        assertThat(test.exitCode()).as(test.out() + test.err()).isZero();
        assertThat(test.out()).isEqualTo("3 case(s) passed in 1 file(s)\n");

        CliRun list = CliRun.of("rules", "list", "--rules", dir.toString());
        assertThat(list.out()).contains("acme.many-small-tasks");
    }
}
