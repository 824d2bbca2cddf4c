package dev.sparkdoc.proc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parsers for the Linux {@code /proc} files sparkdoc reads (proc(5)). Pure functions of the file
 * text, so captured files from real machines test them.
 */
final class ProcFs {

    /**
     * USER_HZ: the unit of utime, stime and starttime. The kernel fixes it at 100 for user space
     * on every architecture Spark runs on (x86, arm64, ppc64le, s390x), whatever CONFIG_HZ is.
     */
    static final long TICKS_PER_SECOND = 100;

    /** The fields of {@code /proc/<pid>/stat} sparkdoc uses. */
    record Stat(long pid, String comm, String state, long ppid, long utimeTicks, long stimeTicks, int threads,
                long startTicks) {

        long cpuTimeMs() {
            return (utimeTicks + stimeTicks) * 1000 / TICKS_PER_SECOND;
        }
    }

    /** The fields of {@code /proc/<pid>/status} sparkdoc uses (the thread count comes from stat); kernel threads and zombies have no VmRSS. */
    record Status(int uid, java.util.OptionalLong rssBytes) {
    }

    private ProcFs() {
    }

    /**
     * {@code pid (comm) state ppid …}. The comm may hold spaces and parentheses ("(sd-pam)",
     * "Web Content"), so fields are counted from the LAST ')'.
     */
    static Stat parseStat(String text) {
        int open = text.indexOf('(');
        int close = text.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + text);
        }
        long pid = Long.parseLong(text.substring(0, open).trim());
        String comm = text.substring(open + 1, close);
        String[] f = text.substring(close + 1).trim().split("\\s+");
        // f[0] is field 3 (state) of proc(5); utime is field 14, stime 15, num_threads 20, starttime 22
        return new Stat(pid, comm, f[0], Long.parseLong(f[1]), Long.parseLong(f[11]), Long.parseLong(f[12]),
                Integer.parseInt(f[17]), Long.parseLong(f[19]));
    }

    static Status parseStatus(String text) {
        int uid = -1;
        java.util.OptionalLong rss = java.util.OptionalLong.empty();
        for (String line : text.split("\n")) {
            if (line.startsWith("Uid:")) {
                uid = Integer.parseInt(line.substring(4).trim().split("\\s+")[0]);
            } else if (line.startsWith("VmRSS:")) {
                rss = java.util.OptionalLong.of(kilobytes(line.substring(6)) * 1024);
            }
        }
        return new Status(uid, rss);
    }

    private static long kilobytes(String value) {
        return Long.parseLong(value.trim().split("\\s+")[0]);
    }

    /** NUL-separated argv; a trailing NUL ends the last argument. Empty for kernel threads. */
    static List<String> parseCmdline(byte[] bytes) {
        List<String> args = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                args.add(new String(bytes, start, i - start, java.nio.charset.StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            args.add(new String(bytes, start, bytes.length - start, java.nio.charset.StandardCharsets.UTF_8));
        }
        return args;
    }

    /** {@code btime} of {@code /proc/stat}: boot time in seconds since the epoch. */
    static Optional<Instant> parseBootTime(String procStat) {
        for (String line : procStat.split("\n")) {
            if (line.startsWith("btime ")) {
                return Optional.of(Instant.ofEpochSecond(Long.parseLong(line.substring(6).trim())));
            }
        }
        return Optional.empty();
    }

    static Instant startTime(Instant boot, long startTicks) {
        return boot.plusMillis(startTicks * 1000 / TICKS_PER_SECOND);
    }

    /** uid → name from {@code /etc/passwd}. */
    static Map<Integer, String> parsePasswd(String text) {
        Map<Integer, String> users = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.split(":");
            if (f.length > 2 && !line.startsWith("#")) {
                try {
                    users.putIfAbsent(Integer.parseInt(f[2]), f[0]);
                } catch (NumberFormatException e) {
                    // a malformed line names nobody
                }
            }
        }
        return users;
    }
}
