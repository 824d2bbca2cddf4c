package dev.sparkdoc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One man page per command, as the release tarball ships them, and groff (installed by .ci/run) renders them without a warning. */
class ManPageTest {

    @TempDir
    Path dir;

    @Test
    void onePagePerCommandWithItsSections() throws Exception {
        DistributionDocs.write(dir);
        Path man = dir.resolve("man/man1");

        try (Stream<Path> pages = Files.list(man)) {
            assertThat(pages.map(p -> p.getFileName().toString())).contains("sparkdoc.1", "sparkdoc-triage.1", "sparkdoc-attach.1",
                    "sparkdoc-explain.1", "sparkdoc-rules.1", "sparkdoc-rules-show.1", "sparkdoc-completion.1")
                    .hasSize(ManPage.tree(Main.commandLine()).size());
        }
        String triage = Files.readString(man.resolve("sparkdoc-triage.1"));
        assertThat(triage).startsWith(".\\\" generated").contains(".TH \"SPARKDOC-TRIAGE\" 1", ".SH NAME\nsparkdoc\\-triage \\- Diagnose",
                ".SH SYNOPSIS\n.nf\nsparkdoc triage [", ".SH DESCRIPTION", ".SH ARGUMENTS\n.TP\n\\fITARGET\\fR", ".SH OPTIONS",
                "\\fB\\-\\-fail\\-on\\fR \\fILEVEL\\fR", ".SH SEE ALSO\n\\fBsparkdoc\\fR(1)");
        assertThat(Files.readString(man.resolve("sparkdoc.1"))).contains(".SH COMMANDS", "See \\fBsparkdoc\\-triage\\fR(1).");
        // ASCII only: a non-ASCII character is named for groff, whatever man's locale
        try (Stream<Path> pages = Files.list(man)) {
            for (Path page : pages.toList()) {
                assertThat(Files.readString(page).chars()).as(page.toString()).allMatch(c -> c < 127);
            }
        }
    }

    @Test
    void groffRendersEveryPageWithoutAWarning() throws Exception {
        DistributionDocs.write(dir);
        List<String> command = new java.util.ArrayList<>(List.of("groff", "-man", "-Tutf8", "-ww"));
        try (Stream<Path> pages = Files.list(dir.resolve("man/man1"))) {
            pages.sorted().forEach(p -> command.add(p.toString()));
        }
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();

        assertThat(p.exitValue()).as(err).isZero();
        assertThat(err).isEmpty();
        // overstrike (bold), and the minus and hyphen signs groff draws for \- and -
        String text = new String(out, StandardCharsets.UTF_8).replaceAll(".\b", "").replaceAll("[\u2010\u2212]", "-").replaceAll(" +", " ");
        assertThat(text).contains("SPARKDOC-TRIAGE(1)", "NAME", "sparkdoc-triage - Diagnose an application once", "--fail-on LEVEL",
                "host:port", "sparkdoc(1)");
    }

    @Test
    void aLeadingDotOrBackslashStaysText() {
        assertThat(ManPage.escape(".hidden\n'quote\na\\b -x …")).isEqualTo("\\&.hidden\n\\&'quote\na\\eb \\-x \\[u2026]");
    }
}
