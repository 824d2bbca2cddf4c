package dev.sparkdoc.cli;

import java.time.Clock;
import java.util.List;
import picocli.CommandLine;

/** Entry point: wires the command tree, the error handler and exit codes, then runs. */
public final class Main {

    /** The subcommands, in the order help lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(AttachCommand.class, TriageCommand.class, FleetCommand.class, ExplainCommand.class,
            DiffCommand.class, PsCommand.class, SnapshotCommand.class, RulesCommand.class, LogsCommand.class, DriverCommand.class, McpCommand.class, ConfigCommand.class, CompletionCommand.class);

    private Main() {
    }

    public static void main(String[] args) {
        // sqlite-jdbc and the MCP SDK log through SLF4J, which has no provider in sparkdoc's jar and would
        // print three lines about it to every fleet run's stderr; its own errors still show
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
        StandardOutput.install();
        int code = run(args);
        System.out.flush(); // System.exit runs no flush of its own
        System.exit(code);
    }

    /** Runs a command line and returns its exit code (see {@link ExitCode}); never exits the JVM. */
    public static int run(String... args) {
        try {
            return commandLine(args).execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("sparkdoc: " + OutOfMemory.message());
            return ExitCode.TARGET_UNREADABLE;
        }
    }

    /**
     * The command tree for {@code args}: when they start with a subcommand's name, only that
     * subcommand is registered, since picocli builds the model of every registered command by
     * reflection before parsing (~40 ms of a short run for the six others); otherwise all of them,
     * for help and for the usage error.
     */
    static CommandLine commandLine(String... args) {
        return commandLine(Clock.systemUTC(), args);
    }

    /** The command line with {@code clock} as the readers' now: tests pass a fixed one. */
    static CommandLine commandLine(Clock clock, String... args) {
        return commandLine(CliContext.ofProcess(clock), args);
    }

    /** The command line for {@code context}: tests pass their own clock, folders and environment. */
    static CommandLine commandLine(CliContext context, String... args) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                // the option classes that read the clock or the config file take the context
                for (var c : cls.getDeclaredConstructors()) {
                    if (c.getParameterCount() == 1 && c.getParameterTypes()[0] == CliContext.class) {
                        c.setAccessible(true);
                        return cls.cast(c.newInstance(context));
                    }
                }
                return defaults.create(cls);
            }
        };
        CommandLine cli = new CommandLine(new SparkdocCommand(), factory);
        String first = args.length > 0 ? args[0] : "";
        List<Class<?>> named = SUBCOMMANDS.stream().filter(c -> name(c).equals(first)).toList();
        for (Class<?> c : named.isEmpty() ? SUBCOMMANDS : named) {
            cli.addSubcommand(c);
        }
        cli.setDefaultValueProvider(new ConfigDefaults(context));
        cli.setExecutionExceptionHandler(new ErrorHandler());
        cli.setParameterExceptionHandler(new UsageErrorHandler());
        cli.setExitCodeExceptionMapper(ErrorHandler::exitCodeOf);
        return cli;
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(CommandLine.Command.class).name();
    }
}
