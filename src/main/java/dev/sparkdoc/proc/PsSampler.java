package dev.sparkdoc.proc;

import dev.sparkdoc.redact.CommandLineRedaction;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The fallback where there is no {@code /proc} (macOS, BSD): {@code ps} in the C locale. CPU %
 * still comes from the cumulative {@code time} column between two samples, never from
 * {@code %cpu}, which is a lifetime average. ps joins argv with spaces, so redaction works on
 * words here.
 */
public final class PsSampler implements ProcessSampler {

    static final List<String> COLUMNS = List.of("pid=", "ppid=", "user=", "stat=", "lstart=", "nlwp=", "rss=", "time=", "args=");
    /** macOS ps has no thread count (nlwp). */
    static final List<String> COLUMNS_WITHOUT_THREADS = List.of("pid=", "ppid=", "user=", "stat=", "lstart=", "rss=", "time=", "args=");

    private static final DateTimeFormatter LSTART = DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ENGLISH);

    @Override
    public ProcessSample sample() {
        Instant now = Instant.now();
        long nanos = System.nanoTime();
        try {
            return new ProcessSample(now, nanos, parse(run(COLUMNS), true, ZoneId.systemDefault()));
        } catch (IOException e) {
            try {
                return new ProcessSample(now, nanos, parse(run(COLUMNS_WITHOUT_THREADS), false, ZoneId.systemDefault()));
            } catch (IOException again) {
                throw new IllegalStateException("cannot list processes with ps: " + again.getMessage(), again);
            }
        }
    }

    private static String run(List<String> columns) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ps", "-A", "-ww"));
        columns.forEach(c -> cmd.addAll(List.of("-o", c)));
        try {
            return new ChildCommand(cmd, env -> env.put("LC_ALL", "C"), false, Duration.ofSeconds(10), 64 << 20).run()
                    .filter(ran -> ran.exitCode() == 0).map(ChildCommand.Ran::output)
                    .orElseThrow(() -> new IOException("ps " + String.join(" ", columns) + " failed"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Lines of {@code ps -o pid=,ppid=,user=,stat=,lstart=[,nlwp=],rss=,time=,args=}. */
    static List<ProcessInfo> parse(String output, boolean withThreads, ZoneId zone) {
        List<ProcessInfo> out = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isBlank()) {
                parseLine(line.strip(), withThreads, zone).ifPresent(out::add);
            }
        }
        return out;
    }

    private static Optional<ProcessInfo> parseLine(String line, boolean withThreads, ZoneId zone) {
        int fixed = withThreads ? 12 : 11;
        String[] f = line.split("\\s+", fixed + 1);
        if (f.length < fixed) {
            return Optional.empty();
        }
        try {
            int i = 9;
            OptionalInt threads = withThreads ? OptionalInt.of(Integer.parseInt(f[i++])) : OptionalInt.empty();
            long rssKb = Long.parseLong(f[i++]);
            long cpuMs = cpuTimeMs(f[i++]);
            List<String> argv = f.length > fixed ? Arrays.asList(f[fixed].split(" ")) : List.of();
            return Optional.of(new ProcessInfo(Long.parseLong(f[0]), Long.parseLong(f[1]), f[2], f[3],
                    startTime(String.join(" ", Arrays.copyOfRange(f, 4, 9)), zone), threads,
                    f[3].startsWith("Z") ? OptionalLong.empty() : OptionalLong.of(rssKb * 1024), cpuMs,
                    CommandLineRedaction.redact(argv)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** "Sun Nov 29 15:31:03 2026", local time (ps prints lstart in the machine's zone). */
    static Optional<Instant> startTime(String lstart, ZoneId zone) {
        try {
            return Optional.of(LocalDateTime.parse(lstart, LSTART).atZone(zone).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** {@code [DD-]HH:MM:SS} (procps) or {@code M:SS.ss} (BSD) to milliseconds. */
    static long cpuTimeMs(String time) {
        long days = 0;
        String rest = time;
        int dash = time.indexOf('-');
        if (dash > 0) {
            days = Long.parseLong(time.substring(0, dash));
            rest = time.substring(dash + 1);
        }
        double seconds = 0;
        for (String part : rest.split(":")) {
            seconds = seconds * 60 + Double.parseDouble(part);
        }
        return Math.round((days * 86_400 + seconds) * 1000);
    }
}
