package dev.sparkdoc.model;

import java.util.List;

/**
 * A PySpark profiler dump folder, read beside the application ({@code triage --profile-dump}):
 * what {@code sc.dump_profiles(path)} (3.x, {@code spark.python.profile}) or
 * {@code spark.profile.dump(path)} (4.x, {@code spark.sql.pyspark.udf.profiler}) wrote.
 *
 * @param folder the folder as the user named it
 * @param perf   one cProfile result per UDF or RDD, in file-name order
 * @param memory one memory_profiler result per UDF, in file-name order
 */
public record ProfileDump(String folder, List<PerfProfile> perf, List<MemoryProfile> memory) {

    public ProfileDump {
        perf = List.copyOf(perf);
        memory = List.copyOf(memory);
    }

    /** What a dump's file profiled: a SQL UDF (its id is the UDF expression's result id) or a Python RDD. */
    public enum Target {
        UDF, RDD;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One {@code .pstats} file: cProfile's table, summed over every task that ran the UDF.
     *
     * @param file      the file's name in the folder ({@code udf_2.pstats}, {@code udf_2_perf.pstats})
     * @param id        the UDF's result id or the RDD's id, from the file name
     * @param functions every function cProfile saw, in the file's order
     */
    public record PerfProfile(String file, Target target, long id, List<ProfiledFunction> functions) {

        public PerfProfile {
            functions = List.copyOf(functions);
        }
    }

    /**
     * One function of a cProfile table ({@code pstats}: file, line and name; {@code cc nc tt ct}).
     *
     * @param file              the source file, {@code ~} for built-ins (as cProfile keys them)
     * @param primitiveCalls    calls not made by recursion ({@code cc})
     * @param calls             all calls ({@code nc})
     * @param ownSeconds        time in the function itself ({@code tottime})
     * @param cumulativeSeconds time in it and what it called ({@code cumtime})
     */
    public record ProfiledFunction(String file, int line, String name, long primitiveCalls, long calls,
                                   double ownSeconds, double cumulativeSeconds) {

        /** As pstats prints it: {@code file.py:12(name)}, or {@code {built-in method time.sleep}}. */
        public String label() {
            if (file.equals("~") && line == 0) {
                return name.startsWith("<") && name.endsWith(">") ? "{" + name.substring(1, name.length() - 1) + "}" : name;
            }
            return file + ":" + line + "(" + name + ")";
        }
    }

    /**
     * One {@code udf_<id>_memory.txt}: memory_profiler's line table.
     *
     * @param lines each profiled line of each source file, in the file's order
     */
    public record MemoryProfile(String file, long id, List<MemoryLine> lines) {

        public MemoryProfile {
            lines = List.copyOf(lines);
        }
    }

    /**
     * A line of memory_profiler's table; lines it did not measure (a comment, a blank) have no figures.
     *
     * @param usageBytes     the process's memory after the line, at its largest ({@code Mem usage})
     * @param incrementBytes what the line added ({@code Increment}, negative when it freed)
     */
    public record MemoryLine(String sourceFile, int line, java.util.Optional<Long> usageBytes,
                             java.util.Optional<Long> incrementBytes, long occurrences, String contents) {
    }
}
