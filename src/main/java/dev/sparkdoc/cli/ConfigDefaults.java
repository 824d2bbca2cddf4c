package dev.sparkdoc.cli;

import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The config file's defaults where an option has one (attach's --interval, the default TARGET),
 * so help shows them and the command line still wins. A broken config file gives no defaults
 * here: the command reports it, with its line, when it reads the config.
 */
final class ConfigDefaults implements IDefaultValueProvider {

    private final CliContext context;

    ConfigDefaults(CliContext context) {
        this.context = context;
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        String command = arg.command() == null ? "" : arg.command().name();
        try {
            if (arg instanceof OptionSpec o && o.longestName().equals("--interval") && command.equals("attach")) {
                return context.config().interval().map(d -> String.valueOf(d.toMillis() / 1000.0)).orElse(null);
            }
            if (arg instanceof PositionalParamSpec p && p.paramLabel().equals("TARGET")
                    && (command.equals("attach") || command.equals("triage") || command.equals("snapshot") || command.equals("logs"))) {
                return context.config().defaultTarget().orElse(null);
            }
        } catch (UsageException brokenConfig) {
            return null;
        }
        return null;
    }
}
