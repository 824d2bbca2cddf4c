package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ps -A -ww -o pid=,ppid=,user=,stat=,lstart=,nlwp=,rss=,time=,args=} captured on the build machine. */
class PsOutputParsingTest {

    private static final Path FIXTURE = Path.of("src/test/resources/proc/ps/ps-linux.txt");

    @Test
    void everyLineBecomesAProcessWithItsColumns() throws IOException {
        String text = Files.readString(FIXTURE);
        List<ProcessInfo> all = PsSampler.parse(text, true, ZoneOffset.UTC);
        assertThat(all).hasSize((int) text.lines().filter(l -> !l.isBlank()).count());
        ProcessInfo jvm = all.stream().filter(p -> p.pid() == 2455).findFirst().orElseThrow();
        assertThat(jvm.ppid()).isEqualTo(2412);
        assertThat(jvm.user()).isEqualTo("root");
        assertThat(jvm.state()).isEqualTo("Sl");
        assertThat(jvm.threads()).hasValue(28);
        assertThat(jvm.rssBytes()).hasValue(598_892L * 1024);
        assertThat(jvm.cpuTimeMs()).isEqualTo(12_000);
        assertThat(jvm.startTime()).contains(Instant.parse("2026-11-29T16:00:24Z"));
        assertThat(jvm.executable()).isEqualTo("java");
        assertThat(jvm.command()).contains("org.codehaus.plexus.classworlds.launcher.Launcher");
    }

    @Test
    void kernelThreadsKeepTheirBracketedName() throws IOException {
        List<ProcessInfo> all = PsSampler.parse(Files.readString(FIXTURE), true, ZoneOffset.UTC);
        assertThat(all.stream().filter(p -> p.pid() == 2).findFirst().orElseThrow().command()).containsExactly("[kthreadd]");
    }

    @Test
    void macosStyleOutputWithoutThreadColumnParses() {
        String mac = "  501     1 alice    Ss   Mon Nov  9 08:01:02 2026   2048   1:02.50 /usr/bin/python3 -m pyspark.daemon\n";
        ProcessInfo p = PsSampler.parse(mac, false, ZoneOffset.UTC).get(0);
        assertThat(p.pid()).isEqualTo(501);
        // macOS ps has no thread count: unknown, never a made-up 1
        assertThat(p.threads()).isEmpty();
        assertThat(p.rssBytes()).hasValue(2048L * 1024);
        assertThat(p.cpuTimeMs()).isEqualTo(62_500);
        assertThat(p.startTime()).contains(Instant.parse("2026-11-09T08:01:02Z"));
        assertThat(RoleClassifier.classify(p.command())).contains(SparkRole.PYTHON_DAEMON);
    }

    @Test
    void cpuTimeFormatsOfProcpsAndBsd() {
        assertThat(PsSampler.cpuTimeMs("00:01:12")).isEqualTo(72_000);
        assertThat(PsSampler.cpuTimeMs("2-03:00:01")).isEqualTo((2 * 86_400 + 3 * 3600 + 1) * 1000L);
        assertThat(PsSampler.cpuTimeMs("0:00.07")).isEqualTo(70);
    }

    @Test
    void secretsInPsArgsAreRedactedWordByWord() {
        String line = "  900     1 bob      S    Sun Nov 29 15:31:03 2026    1  100 00:00:00 curl -H Authorization: Bearer abc123 https://u:pw@h/x\n";
        ProcessInfo p = PsSampler.parse(line, true, ZoneOffset.UTC).get(0);
        assertThat(p.commandLine()).doesNotContain("abc123", "pw@").contains("Authorization:", "https://u:");
    }
}
