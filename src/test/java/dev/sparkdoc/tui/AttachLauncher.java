package dev.sparkdoc.tui;

import dev.sparkdoc.cli.AttachCommand;
import picocli.CommandLine;

/**
 * Runs {@code sparkdoc attach} in its own JVM for the tmux test and {@code scripts/demo}'s test,
 * without depending on the command being registered in the top-level command yet.
 */
public final class AttachLauncher {

    private AttachLauncher() {
    }

    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new AttachCommand());
        cli.setExecutionExceptionHandler((ex, line, parse) -> {
            line.getErr().println("sparkdoc: " + ex.getMessage());
            line.getErr().flush();
            return ex instanceof dev.sparkdoc.source.SourceException ? 3 : 4;
        });
        System.exit(cli.execute(args));
    }
}
