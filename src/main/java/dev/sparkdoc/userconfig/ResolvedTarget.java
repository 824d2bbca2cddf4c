package dev.sparkdoc.userconfig;

import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetParser;
import java.util.Map;
import java.util.Optional;

/**
 * What a TARGET argument names once the config is read: a named target's location and HTTP
 * options under the command line's own, or the argument itself as sparkdoc parses any target.
 *
 * @param name the config's name for it, when it was one
 */
public record ResolvedTarget(Target target, HttpOptions http, Optional<String> name) {

    /**
     * {@code text} as a name from {@code config} first (a file of the same name is {@code ./name}),
     * else as a target; {@code cli} holds the command line's HTTP options.
     */
    public static ResolvedTarget of(String text, UserConfig config, HttpOptions cli, boolean cliTimeoutGiven, Map<String, String> env) {
        Optional<NamedTarget> named = config.target(text);
        if (named.isEmpty()) {
            return new ResolvedTarget(TargetParser.parse(text), cli, Optional.empty());
        }
        NamedTarget t = named.get();
        return new ResolvedTarget(TargetParser.parse(t.target()), t.httpOptions(cli, cliTimeoutGiven, env), Optional.of(t.name()));
    }
}
