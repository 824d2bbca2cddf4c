package dev.sparkdoc.cli;

import picocli.CommandLine.Command;

@Command(name = "sparkdoc",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        resourceBundle = "dev.sparkdoc.cli.OptionHelp",
        description = "First aid for Apache Spark: what is wrong, where, what it costs, what to change.",
        // one element per paragraph: picocli wraps each to the help's width, a man page to its own
        footer = {"",
                "Targets: host:port (driver UI, default localhost:4040), host (scans 4040-4045), "
                        + "http(s)://host:port[/prefix] (driver UI, History Server, YARN proxy), "
                        + "an event-log file or eventlog_v2_* folder, a snapshot file, or a name from the config file (sparkdoc config show).",
                "Exit codes: 0 ok, 1 findings at or above --fail-on, 2 bad usage, "
                        + "3 target could not be read or output could not be written, 4 internal error.",
                "Completion: source <(sparkdoc completion bash). Manual: man sparkdoc, with the release's bin/ on the PATH."})
// the subcommands are registered by Main (only the one named, when one is)
final class SparkdocCommand extends GroupCommand {
}
