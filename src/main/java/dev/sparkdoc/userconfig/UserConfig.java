package dev.sparkdoc.userconfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user's config file, read ({@link UserConfigReader}): defaults for the options every run
 * would otherwise repeat, and named targets. Everything is optional; the command line wins.
 *
 * @param file          the file it came from, when there was one
 * @param interval      attach's default poll interval
 * @param noColor       {@code color: never}
 * @param ruleDirs      rule folders added to the built-in catalog, before any --rules
 * @param disabled      rule ids turned off, beside any --disable
 * @param defaultTarget the target when a command is given none
 * @param targets       named targets, by name, in file order
 */
public record UserConfig(Optional<Path> file, Optional<Duration> interval, boolean noColor, List<Path> ruleDirs,
                         List<String> disabled, Optional<String> defaultTarget, Map<String, NamedTarget> targets) {

    public static final UserConfig NONE = new UserConfig(Optional.empty(), Optional.empty(), false, List.of(), List.of(),
            Optional.empty(), Map.of());

    public UserConfig {
        ruleDirs = List.copyOf(ruleDirs);
        disabled = List.copyOf(disabled);
        // file order, for config show
        targets = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(targets));
    }

    public Optional<NamedTarget> target(String name) {
        return Optional.ofNullable(targets.get(name));
    }
}
