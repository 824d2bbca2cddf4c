package dev.sparkdoc.mcp;

import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.userconfig.ResolvedTarget;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the server answers with: the same config file, connection options and rules as the other
 * commands (the CLI resolves them once, at start), plus the two limits every tool call obeys.
 *
 * @param targets        a tool's {@code target} argument as the other commands read TARGET (named targets included)
 * @param rules          the rules in force, loaded once
 * @param callTimeout    how long one tool call may take before it is answered with an error
 * @param maxAnswerBytes the largest answer, in bytes of JSON: larger ones are cut with "truncated" in them
 * @param verbose        stack traces of failed calls on stderr
 * @param fleetStore     the fleet store the fleet_report tool reads when given none ($XDG_DATA_HOME/sparkdoc/fleet.db)
 */
public record McpSettings(TargetResolver targets, Supplier<List<Rule>> rules, Clock clock, Duration callTimeout,
                          int maxAnswerBytes, boolean verbose, String version, java.nio.file.Path fleetStore) {

    /** The default cap of an answer: a few thousand tokens, where the REST answers are megabytes. */
    public static final int DEFAULT_MAX_ANSWER_BYTES = 64 * 1024;

    /** A tool argument naming a target, read as the CLI reads TARGET. */
    @FunctionalInterface
    public interface TargetResolver {
        /** @throws ToolError for a name the config file gets wrong or a target that makes no sense */
        ResolvedTarget resolve(String text);
    }
}
