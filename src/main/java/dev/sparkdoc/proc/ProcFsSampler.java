package dev.sparkdoc.proc;

import dev.sparkdoc.redact.CommandLineRedaction;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@code /proc/<pid>/{stat,status,cmdline}} for every pid: about 10 ms for 500 processes,
 * no native code and no extra jar (ARCHITECTURE.md "Process data").
 */
public final class ProcFsSampler implements ProcessSampler {

    private final Path proc;
    private final Instant boot;
    private final Map<Integer, String> users;

    public ProcFsSampler(Path proc) {
        this.proc = proc;
        this.boot = read(proc.resolve("stat")).flatMap(ProcFs::parseBootTime).orElse(Instant.EPOCH);
        this.users = read(Path.of("/etc/passwd")).map(ProcFs::parsePasswd).orElse(Map.of());
    }

    @Override
    public ProcessSample sample() {
        Instant now = Instant.now();
        long nanos = System.nanoTime();
        List<ProcessInfo> out = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                readProcess(dir).ifPresent(out::add);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + proc + ": " + e.getMessage(), e);
        }
        return new ProcessSample(now, nanos, out);
    }

    /** One process, or empty when it ended while we read it: normal on a busy machine. */
    Optional<ProcessInfo> readProcess(Path dir) {
        try {
            ProcFs.Stat stat = ProcFs.parseStat(Files.readString(dir.resolve("stat")));
            ProcFs.Status status = ProcFs.parseStatus(Files.readString(dir.resolve("status")));
            List<String> argv = ProcFs.parseCmdline(Files.readAllBytes(dir.resolve("cmdline")));
            if (argv.isEmpty()) {
                // kernel threads and zombies have no command line; ps shows [comm]
                argv = List.of("[" + stat.comm() + "]");
            }
            String user = users.getOrDefault(status.uid(), Integer.toString(status.uid()));
            return Optional.of(new ProcessInfo(stat.pid(), stat.ppid(), user, stat.state(),
                    Optional.of(ProcFs.startTime(boot, stat.startTicks())), java.util.OptionalInt.of(stat.threads()), status.rssBytes(),
                    stat.cpuTimeMs(), CommandLineRedaction.redact(argv)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
