package dev.sparkdoc.cli;

import dev.sparkdoc.userconfig.ConfigShow;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "config", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"The config file: named targets and defaults (see the README's Config file).",
                "  sparkdoc config show   where the files are and the settings in force (secrets by source)"},
        subcommands = ConfigCommand.Show.class)
final class ConfigCommand extends GroupCommand {

    @Command(name = "show", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Print where the config and cache are and the settings in force, each with its source; secrets only by where they come from.")
    static final class Show implements Callable<Integer> {

        private final CliContext context;

        Show(CliContext context) {
            this.context = context;
        }

        @Override
        public Integer call() throws java.io.IOException {
            var lines = ConfigShow.lines(context.dirs(), context.config(), Duration.ofSeconds(AttachCommand.DEFAULT_INTERVAL_SECONDS));
            Destination.stdout().write(out -> lines.forEach(out::println));
            return ExitCode.OK;
        }
    }
}
