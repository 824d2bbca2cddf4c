package dev.sparkdoc.proc;

import java.util.List;
import java.util.Set;

/**
 * A command line short enough for a table row: a JVM's classpath and options hide what it runs,
 * so for {@code java} show the main class (or jar) and its arguments.
 */
public final class CommandSummary {

    private static final Set<String> TAKES_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--add-opens", "--add-exports", "--add-modules", "-m", "--module");

    private CommandSummary() {
    }

    public static String of(ProcessInfo p) {
        List<String> argv = p.command();
        if (argv.isEmpty()) {
            return "";
        }
        if (!p.executable().equals("java")) {
            // the program's folder ("/root/.pyenv/versions/3.11.7/bin/") says little in a table row
            String rest = String.join(" ", argv.subList(1, argv.size()));
            return rest.isEmpty() ? p.executable() : p.executable() + " " + rest;
        }
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-jar") && i + 1 < argv.size()) {
                return "java -jar " + String.join(" ", argv.subList(i + 1, argv.size()));
            }
            if (TAKES_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-")) {
                return "java " + String.join(" ", argv.subList(i, argv.size()));
            }
        }
        return "java";
    }
}
