package dev.sparkdoc.cli;

import dev.sparkdoc.userconfig.ConfigException;
import dev.sparkdoc.userconfig.ResolvedTarget;
import dev.sparkdoc.userconfig.UserConfig;
import dev.sparkdoc.userconfig.UserConfigReader;
import dev.sparkdoc.userconfig.UserDirs;
import java.time.Clock;
import java.util.Map;

/**
 * What a run takes from outside its arguments: the readers' clock, the user's folders and
 * environment, and the config file, read once and only when an option needs it (a run that
 * never looks at it, such as --version, never pays for reading it).
 */
final class CliContext {

    private final Clock clock;
    private final UserDirs dirs;
    private UserConfig config;

    CliContext(Clock clock, UserDirs dirs) {
        this.clock = clock;
        this.dirs = dirs;
    }

    static CliContext ofProcess(Clock clock) {
        return new CliContext(clock, UserDirs.ofProcess());
    }

    Clock clock() {
        return clock;
    }

    UserDirs dirs() {
        return dirs;
    }

    Map<String, String> env() {
        return dirs.env();
    }

    /** {@code text} as a named target of the config file, else as any target, with its HTTP options. */
    ResolvedTarget resolve(String text, ConnectionOptions connection) {
        try {
            return ResolvedTarget.of(text, config(), connection.httpOptions(), connection.timeoutGiven(), env());
        } catch (ConfigException e) {
            throw UsageException.of(new ConfigException("target '" + text + "': " + e.getMessage()));
        }
    }

    /** The config file's settings; a mistake in it is a usage error (exit 2) naming its line. */
    synchronized UserConfig config() {
        if (config == null) {
            try {
                config = UserConfigReader.load(dirs);
            } catch (ConfigException e) {
                throw UsageException.of(e);
            }
        }
        return config;
    }
}
