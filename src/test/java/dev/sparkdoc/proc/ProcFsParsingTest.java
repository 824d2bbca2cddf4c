package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Files captured from /proc of the build machine (src/test/resources/proc/README.md). */
class ProcFsParsingTest {

    private static final Path DIR = Path.of("src/test/resources/proc/procfs");

    @Test
    void statOfAJvmGivesParentStateCpuTicksThreadsAndStart() throws IOException {
        ProcFs.Stat s = ProcFs.parseStat(read("java/stat"));
        assertThat(s.pid()).isEqualTo(2455);
        assertThat(s.comm()).isEqualTo("java");
        assertThat(s.state()).isEqualTo("S");
        assertThat(s.ppid()).isEqualTo(2412);
        assertThat(s.utimeTicks()).isEqualTo(1189);
        assertThat(s.stimeTicks()).isEqualTo(72);
        assertThat(s.cpuTimeMs()).isEqualTo(12_610);
        assertThat(s.startTicks()).isEqualTo(176_135);
    }

    @Test
    void statCountsFieldsFromTheLastParenthesisSoACommWithSpacesAndParensParses() throws IOException {
        ProcFs.Stat s = ProcFs.parseStat(read("weird/stat"));
        assertThat(s.comm()).isEqualTo("we ird) (x");
        assertThat(s.ppid()).isEqualTo(1);
        assertThat(s.threads()).isEqualTo(1);
        assertThat(s.startTicks()).isEqualTo(187_662);
    }

    @Test
    void statusGivesUidAndRssInBytes() throws IOException {
        ProcFs.Status s = ProcFs.parseStatus(read("java/status"));
        assertThat(s.uid()).isZero();
        assertThat(s.rssBytes()).hasValue(598_892L * 1024);
    }

    @Test
    void kernelThreadsHaveNoRssAndNoCommandLine() throws IOException {
        assertThat(ProcFs.parseStatus(read("kthread/status")).rssBytes()).isEmpty();
        assertThat(ProcFs.parseCmdline(Files.readAllBytes(DIR.resolve("kthread/cmdline")))).isEmpty();
    }

    @Test
    void cmdlineSplitsOnNulAndKeepsArgumentsWithSpaces() throws IOException {
        List<String> argv = ProcFs.parseCmdline(Files.readAllBytes(DIR.resolve("java/cmdline")));
        assertThat(argv).startsWith("/usr/bin/java", "-classpath", "/usr/share/maven/boot/plexus-classworlds-2.x.jar")
                .contains("org.codehaus.plexus.classworlds.launcher.Launcher").endsWith("test");
        assertThat(ProcFs.parseCmdline("a b\0c\0".getBytes())).containsExactly("a b", "c");
    }

    @Test
    void startTimeIsBootTimePlusStartTicksAtOneHundredPerSecond() throws IOException {
        Optional<Instant> boot = ProcFs.parseBootTime(read("stat-btime"));
        assertThat(boot).contains(Instant.ofEpochSecond(1_795_966_263L));
        Instant start = ProcFs.startTime(boot.get(), 176_135);
        // ps on the same machine printed "Sun Nov 29 16:00:24 2026" (UTC) for pid 2455
        assertThat(start.atOffset(ZoneOffset.UTC).toLocalTime().toString()).startsWith("16:00:24");
    }

    @Test
    void listeningSocketsOfIpv4AndIpv6TablesMapInodeToPort() throws IOException {
        Map<Long, Integer> v4 = ListeningSockets.parseListening(read("tcp"));
        assertThat(v4).containsEntry(624L, 2024);
        Map<Long, Integer> v6 = ListeningSockets.parseListening(read("tcp6"));
        assertThat(v6).containsEntry(242_295L, 0xA5E5).doesNotContainKey(0L);
        long listenRows = read("tcp6").lines().filter(l -> l.trim().split("\\s+").length > 3 && l.trim().split("\\s+")[3].equals("0A")).count();
        assertThat(v6).hasSize((int) listenRows);
    }

    @Test
    void passwdMapsUidsToNames() {
        assertThat(ProcFs.parsePasswd("root:x:0:0:root:/root:/bin/bash\n# c\nspark:x:185:185::/opt/spark:/bin/sh\n"))
                .containsEntry(0, "root").containsEntry(185, "spark").hasSize(2);
    }

    private static String read(String name) throws IOException {
        return Files.readString(DIR.resolve(name));
    }
}
