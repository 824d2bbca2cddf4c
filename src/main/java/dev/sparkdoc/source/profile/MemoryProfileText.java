package dev.sparkdoc.source.profile;

import dev.sparkdoc.model.ProfileDump.MemoryLine;
import dev.sparkdoc.redact.Redaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * memory_profiler's line table as PySpark writes it ({@code MemoryProfiler._show_results} in
 * {@code pyspark/profiler.py}, the same in 3.4+ and 4.x): per source file a {@code Filename:}
 * line, a header, a rule of {@code =}, then one row per line, {@code "{0:>6} {1:>12} {2:>12}  {3:>10}   {4}"}
 * (line number, usage and increment as {@code "%5.1f MiB"}, occurrences, the source line); rows
 * it did not measure leave the three figures blank. The source lines are the user's code, which
 * may hold a literal secret: they are redacted as they are read, like any free text.
 */
final class MemoryProfileText {

    private static final Pattern MEASURED = Pattern.compile(
            "^\\s*(\\d+)\\s+(-?[\\d.]+) MiB\\s+(-?[\\d.]+) MiB\\s+(\\d+)   (.*)$");
    private static final Pattern BLANK = Pattern.compile("^\\s*(\\d+) {30,}   (.*)$");
    private static final String HEADER = "Line #    Mem usage    Increment  Occurrences   Line Contents";
    private static final double MIB = 1024 * 1024;

    private MemoryProfileText() {
    }

    /** The rows of every file in the text; {@link IllegalArgumentException} naming the first line it cannot read. */
    static List<MemoryLine> lines(String text) {
        List<MemoryLine> rows = new ArrayList<>();
        String source = null;
        int n = 0;
        for (String line : text.lines().toList()) {
            n++;
            if (line.startsWith("Filename: ")) {
                source = Redaction.text(line.substring("Filename: ".length()));
            } else if (line.isBlank() || line.equals(HEADER) || line.matches("=+")) {
                continue;
            } else if (source == null) {
                throw new IllegalArgumentException("line " + n + " comes before any 'Filename:' line");
            } else {
                rows.add(row(source, line, n));
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no 'Filename:' table with a measured line");
        }
        return List.copyOf(rows);
    }

    private static MemoryLine row(String source, String line, int n) {
        Matcher m = MEASURED.matcher(line);
        if (m.matches()) {
            return new MemoryLine(source, Integer.parseInt(m.group(1)), bytes(m.group(2), n), bytes(m.group(3), n),
                    Long.parseLong(m.group(4)), Redaction.text(m.group(5).strip()));
        }
        Matcher blank = BLANK.matcher(line);
        if (blank.matches()) {
            return new MemoryLine(source, Integer.parseInt(blank.group(1)), Optional.empty(), Optional.empty(), 0,
                    Redaction.text(blank.group(2).strip()));
        }
        throw new IllegalArgumentException("line " + n + " is not a row of memory_profiler's table: "
                + (line.length() > 60 ? line.substring(0, 60) + "…" : line));
    }

    private static Optional<Long> bytes(String mib, int n) {
        try {
            return Optional.of(Math.round(Double.parseDouble(mib) * MIB));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + n + " has a figure that is not a number: " + mib);
        }
    }
}
