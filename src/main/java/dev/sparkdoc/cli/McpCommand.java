package dev.sparkdoc.cli;

import dev.sparkdoc.mcp.McpSettings;
import dev.sparkdoc.mcp.SparkdocMcpServer;
import dev.sparkdoc.mcp.ToolError;
import dev.sparkdoc.rules.Rule;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "mcp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Serve the diagnosis to an AI assistant: a Model Context Protocol server on standard input and output.",
                "Tools triage, explain, diff, logs, stage and rules_show, and the prompt first_aid; targets as the other"
                        + " commands take them (named targets and secrets from the config file). See docs/mcp.md."})
final class McpCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Mixin
    RuleOptions rules;

    @Option(names = "--call-timeout", paramLabel = "SECONDS", defaultValue = "60", converter = NumberOptions.AtLeastOne.class,
            description = "answer a tool call that takes longer with an error, and go on serving (default: ${DEFAULT-VALUE})")
    int callTimeoutSeconds;

    @Option(names = "--max-answer-bytes", paramLabel = "N", defaultValue = "65536", converter = NumberOptions.AtLeastOne.class,
            description = "cut larger answers (whole list items and long texts, named in a \"truncated\" field) to N bytes of JSON"
                    + " (default: ${DEFAULT-VALUE})")
    int maxAnswerBytes;

    private final CliContext context;

    McpCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws InterruptedException {
        if (maxAnswerBytes < 4_096) {
            throw new UsageException("--max-answer-bytes " + maxAnswerBytes + ": give 4096 or more (a triage answer's skeleton needs it)");
        }
        // standard output carries the protocol alone: whatever else prints (a library, a stray
        // println) goes to stderr, where the client logs it
        PrintStream protocol = System.out;
        System.setOut(System.err);
        // the SDK logs through SLF4J, which has no binding here: no warning about that on stderr
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        List<Rule> ruleList = rules.rules(); // a mistake in a rule folder or the config file stops the start (exit 2)
        McpSettings settings = new McpSettings(this::resolve, () -> ruleList, context.clock(), Duration.ofSeconds(callTimeoutSeconds),
                maxAnswerBytes, connection.verbose, VersionProvider.version(), context.dirs().dataDir().resolve("fleet.db"));
        SparkdocMcpServer.serve(settings, System.in, protocol);
        return ExitCode.OK;
    }

    private dev.sparkdoc.userconfig.ResolvedTarget resolve(String text) {
        try {
            return context.resolve(text, connection);
        } catch (UsageException e) {
            throw new ToolError(e.getMessage());
        }
    }
}
