package dev.sparkdoc.signals;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The language the application's own code is written in, for remedies in that language: read
 * from how it was started ({@code sun.java.command}: a {@code .py} file, {@code pyspark-shell},
 * the Scala REPL, the SQL CLI or Thrift server), Python operators in its plans, and the files of
 * its call sites ({@code collect at Etl.scala:42}; Py4J's {@code NativeMethodAccessorImpl.java:0}).
 * Not {@code spark.submit.pyFiles}: spark-submit sets it for Scala shells too.
 */
public enum AppLanguage {
    PYTHON, SCALA, JAVA, SQL;

    /** A user call site's file: {@code at Etl.scala:42}, {@code at job.py:12}. */
    private static final Pattern CALL_SITE = Pattern.compile("\\bat ([\\w$.<>-]+)\\.(scala|java|py):\\d+");
    /** A frame of a stage's call-site details: {@code dev.acme.Etl.run(Etl.java:42)}. */
    private static final Pattern FRAME = Pattern.compile("([\\w$.]+)\\([\\w$-]+\\.(scala|java|py):\\d+\\)");
    private static final Pattern PLATFORM = Pattern.compile("^(org\\.apache\\.spark|scala|java|javax|jdk|sun|py4j|com\\.databricks)\\.");
    /** Frames that are Spark's, the JDK's or Py4J's, never the user's (Spark 4 names stages after them). */
    private static final Pattern NOT_USER = Pattern.compile(
            "NativeMethodAccessorImpl|DirectMethodHandleAccessor|CompletableFuture|ThreadPoolExecutor|Thread|ForkJoin");

    /**
     * A driver started with neither a Python script nor {@code pyspark-shell} runs JVM code even when
     * no call site names a file of it (Spark 4 names stages after JDK frames): Scala, the JVM language
     * most Spark code is written in. Not a hosted notebook's driver (Databricks runs Python notebooks in
     * a JVM daemon of its own), nor an unknown command.
     */
    private static Optional<AppLanguage> jvmByCommand(String command) {
        return command.isBlank() || command.toLowerCase(Locale.ROOT).contains("databricks") ? Optional.empty() : Optional.of(SCALA);
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<AppLanguage> of(AppContext ctx) {
        AppSnapshot s = ctx.snapshot();
        String command = s.environment().systemProperties().getOrDefault("sun.java.command", "");
        if (command.contains("SparkSQLCLIDriver") || command.contains("HiveThriftServer2")) {
            return Optional.of(SQL);
        }
        if (command.contains("pyspark-shell") || command.matches(".*\\.py(\\s.*)?$")
                || s.sqlExecutions().stream().anyMatch(q -> !ctx.plan(q).pythonOperators().isEmpty())) {
            return Optional.of(PYTHON);
        }
        if (command.contains("org.apache.spark.repl.Main")) {
            return Optional.of(SCALA);
        }
        int[] tally = new int[3];
        for (Stage st : s.stages()) {
            tally(st.name(), st.details(), tally);
        }
        if (tally[0] + tally[1] + tally[2] == 0) {
            // Spark 4 runs a query's stages from its own thread pool (CompletableFuture frames only): the
            // query's description still names the user's call, "show at App.java:28"
            s.sqlExecutions().forEach(q -> tally(q.description(), "", tally));
        }
        int python = tally[0];
        int scala = tally[1];
        int java = tally[2];
        if (python > 0 && python >= scala + java) {
            return Optional.of(PYTHON);
        }
        if (scala + java == 0) {
            return jvmByCommand(command);
        }
        return Optional.of(scala >= java ? SCALA : JAVA);
    }

    /** Counts one call site ({@code name}, else the first user frame of {@code details}) as python, scala or java. */
    private static void tally(String name, String details, int[] tally) {
        Matcher m = CALL_SITE.matcher(name);
        // Py4J calls the action by reflection: "count at NativeMethodAccessorImpl.java:0" is PySpark's signature
        if (name.contains("NativeMethodAccessorImpl.java:0") || name.contains("<stdin>:")) {
            tally[0]++;
        } else if (name.contains("<console>:")) {
            tally[1]++;
        } else if (m.find() && !NOT_USER.matcher(m.group(1)).find()) {
            count(m.group(2), tally);
        } else {
            // Spark 4 names a stage after a JDK frame: the first frame of the user's own code decides
            Matcher f = FRAME.matcher(details);
            while (f.find()) {
                if (!PLATFORM.matcher(f.group(1)).find()) {
                    count(f.group(2), tally);
                    return;
                }
            }
        }
    }

    private static void count(String extension, int[] tally) {
        switch (extension) {
            case "scala" -> tally[1]++;
            case "java" -> tally[2]++;
            default -> tally[0]++;
        }
    }
}
