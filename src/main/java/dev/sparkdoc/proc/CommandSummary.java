package dev.sparkdoc.proc;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A command line short enough for a table row, naming what the process runs: a JVM's classpath
 * and options hide it, and {@code spark-submit}'s own options hide the application, so show the
 * script ({@code app.py}) or the main class, then the application's arguments. Python shows its
 * script or module without the interpreter's folder.
 */
public final class CommandSummary {

    private static final String SPARK_SUBMIT = "org.apache.spark.deploy.SparkSubmit";
    private static final Set<String> JAVA_TAKES_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--add-opens", "--add-exports", "--add-modules", "--add-reads", "--patch-module", "--upgrade-module-path");
    /** spark-submit's options that take a value (SparkSubmitOptionParser); the rest are flags. */
    private static final Set<String> SUBMIT_TAKES_VALUE = Set.of("--master", "--deploy-mode", "--class", "--name",
            "--jars", "--packages", "--exclude-packages", "--repositories", "--files", "--py-files", "--archives",
            "--conf", "-c", "--properties-file", "--driver-memory", "--driver-java-options", "--driver-library-path",
            "--driver-class-path", "--driver-cores", "--executor-memory", "--executor-cores", "--total-executor-cores",
            "--num-executors", "--proxy-user", "--principal", "--keytab", "--queue", "--kill", "--status");
    /** Python's options that take a value ({@code -W ignore}, {@code -X dev}). */
    private static final Set<String> PYTHON_TAKES_VALUE = Set.of("-W", "-X", "--check-hash-based-pycs");

    private CommandSummary() {
    }

    public static String of(ProcessInfo p) {
        List<String> argv = p.command();
        if (argv.isEmpty()) {
            return "";
        }
        if (RoleClassifier.isJava(argv)) {
            return java(argv);
        }
        if (RoleClassifier.isPython(argv)) {
            return python(argv, p.executable());
        }
        // the program's folder ("/usr/local/bin/") says little in a table row
        String rest = join(argv, 1);
        return rest.isEmpty() ? p.executable() : p.executable() + " " + rest;
    }

    private static String java(List<String> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-jar") && i + 1 < argv.size()) {
                return with(RoleClassifier.fileName(argv.get(i + 1)), join(argv, i + 2));
            }
            if (a.equals("-m") || a.equals("--module")) {
                return i + 1 < argv.size() ? with(argv.get(i + 1), join(argv, i + 2)) : "java";
            }
            if (JAVA_TAKES_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-")) {
                return a.equals(SPARK_SUBMIT) ? submitted(argv, i + 1) : with(shortClass(a), join(argv, i + 1));
            }
        }
        return "java";
    }

    /**
     * What {@code spark-submit} runs: {@code --class C app.jar args} is C with its arguments,
     * {@code app.py args} the script; the pyspark and spark shells are named as such.
     */
    private static String submitted(List<String> argv, int from) {
        Optional<String> mainClass = Optional.empty();
        for (int i = from; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--class") && i + 1 < argv.size()) {
                mainClass = Optional.of(argv.get(i + 1));
            }
            if (SUBMIT_TAKES_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-")) {
                String args = join(argv, i + 1);
                if (mainClass.filter("org.apache.spark.repl.Main"::equals).isPresent()) {
                    return with("spark-shell", args);
                }
                return with(mainClass.orElseGet(() -> RoleClassifier.fileName(a)), args);
            }
        }
        return mainClass.orElse("spark-submit");
    }

    private static String python(List<String> argv, String interpreter) {
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-m") && i + 1 < argv.size()) {
                return with(argv.get(i + 1), join(argv, i + 2));
            }
            if (a.equals("-c")) {
                return with(interpreter + " -c", join(argv, i + 1));
            }
            if (PYTHON_TAKES_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-")) {
                return with(RoleClassifier.fileName(a), join(argv, i + 1));
            }
        }
        // the interactive interpreter: the pyspark shell, a REPL
        return interpreter;
    }

    /** Spark's own classes by their simple name ("CoarseGrainedExecutorBackend"); anyone else's whole. */
    private static String shortClass(String name) {
        return name.startsWith("org.apache.spark.") ? name.substring(name.lastIndexOf('.') + 1) : name;
    }

    private static String with(String what, String args) {
        return args.isEmpty() ? what : what + " " + args;
    }

    private static String join(List<String> argv, int from) {
        return from >= argv.size() ? "" : String.join(" ", argv.subList(from, argv.size()));
    }

}
