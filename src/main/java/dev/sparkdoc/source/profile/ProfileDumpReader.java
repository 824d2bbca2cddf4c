package dev.sparkdoc.source.profile;

import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.model.ProfileDump.MemoryProfile;
import dev.sparkdoc.model.ProfileDump.PerfProfile;
import dev.sparkdoc.model.ProfileDump.Target;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a PySpark profiler dump folder. The names are PySpark's own ({@code pyspark/profiler.py},
 * {@code pyspark/sql/profiler.py}):
 * <ul>
 *   <li>3.x, {@code spark.python.profile=true}, {@code sc.dump_profiles(path)}: {@code udf_<id>.pstats}
 *       (a SQL UDF, 3.4+) and {@code rdd_<id>.pstats} (a Python RDD);</li>
 *   <li>3.4+, {@code spark.python.profile.memory=true}, and 4.x, {@code spark.sql.pyspark.udf.profiler=memory}:
 *       {@code udf_<id>_memory.txt};</li>
 *   <li>4.x, {@code spark.sql.pyspark.udf.profiler=perf}, {@code spark.profile.dump(path)}: {@code udf_<id>_perf.pstats}.</li>
 * </ul>
 * A file it cannot read, or one of another name, fails the whole reading with one line naming the
 * file: a half-read dump would show a partial profile as if it were all.
 */
public final class ProfileDumpReader {

    private static final Pattern PERF = Pattern.compile("(udf|rdd)_(\\d{1,18})(_perf)?\\.pstats");
    private static final Pattern MEMORY = Pattern.compile("udf_(\\d{1,18})_memory\\.txt");
    /** Far above any dump PySpark writes (a few KB per UDF); a bigger file is not one. */
    static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    private ProfileDumpReader() {
    }

    public static ProfileDump read(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new SourceException("Cannot read profile dump " + folder + ": "
                    + (Files.exists(folder) ? "it is a file (name the folder given to dump_profiles or spark.profile.dump)"
                    : "no such folder"));
        }
        List<PerfProfile> perf = new ArrayList<>();
        List<MemoryProfile> memory = new ArrayList<>();
        for (Path file : files(folder)) {
            String name = file.getFileName().toString();
            Matcher p = PERF.matcher(name);
            Matcher m = MEMORY.matcher(name);
            if (p.matches() && !(p.group(1).equals("rdd") && p.group(3) != null)) {
                perf.add(perf(file, Target.valueOf(p.group(1).toUpperCase(java.util.Locale.ROOT)), Long.parseLong(p.group(2))));
            } else if (m.matches()) {
                memory.add(memory(file, Long.parseLong(m.group(1))));
            } else {
                throw new SourceException("Cannot read profile dump " + folder + ": " + name
                        + " is not a PySpark profile (udf_<id>.pstats, rdd_<id>.pstats, udf_<id>_perf.pstats, udf_<id>_memory.txt); move it out of the folder");
            }
        }
        if (perf.isEmpty() && memory.isEmpty()) {
            throw new SourceException("Cannot read profile dump " + folder
                    + ": it holds no profile (run the UDFs with spark.python.profile=true on 3.x or spark.sql.pyspark.udf.profiler=perf on 4.x, then dump)");
        }
        return new ProfileDump(folder.toString(), perf, memory);
    }

    private static List<Path> files(Path folder) {
        try (Stream<Path> all = Files.list(folder)) {
            // dot files (.DS_Store, an editor's swap file) are not the dump's
            return all.filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            throw new SourceException("Cannot read profile dump " + folder + ": " + e.getMessage(), e);
        }
    }

    private static PerfProfile perf(Path file, Target target, long id) {
        try {
            return new PerfProfile(file.getFileName().toString(), target, id, PStatsFile.functions(bytes(file)));
        } catch (MarshalException e) {
            throw new SourceException("Cannot read profile " + file + ": not a cProfile dump (" + e.getMessage()
                    + "); write it with pstats' dump_stats, as dump_profiles does", e);
        }
    }

    private static MemoryProfile memory(Path file, long id) {
        try {
            return new MemoryProfile(file.getFileName().toString(), id,
                    MemoryProfileText.lines(new String(bytes(file), StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException e) {
            throw new SourceException("Cannot read profile " + file + ": not memory_profiler's table (" + e.getMessage()
                    + "); write it with spark.profile.dump(path, type=\"memory\")", e);
        }
    }

    private static byte[] bytes(Path file) {
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new SourceException("Cannot read profile " + file + ": " + Files.size(file)
                        + " bytes is not a PySpark profile (they are a few KB)");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new SourceException("Cannot read profile " + file + ": " + e.getMessage(), e);
        }
    }
}
