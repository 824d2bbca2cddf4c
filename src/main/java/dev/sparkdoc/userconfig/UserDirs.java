package dev.sparkdoc.userconfig;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where sparkdoc keeps the user's files, after the XDG base directory spec: the config file
 * ({@code $SPARKDOC_CONFIG}, else {@code $XDG_CONFIG_HOME/sparkdoc/config.yaml}, else
 * {@code ~/.config/sparkdoc/config.yaml}), the cache ({@code $XDG_CACHE_HOME/sparkdoc}, else
 * {@code ~/.cache/sparkdoc}) and the data folder ({@code $XDG_DATA_HOME/sparkdoc}, else
 * {@code ~/.local/share/sparkdoc}). XDG says a relative value is to be ignored; so do we.
 *
 * <p>The home folder is {@code $HOME}, as the shell and the completion script see it, and only
 * without one Java's {@code user.home} (the passwd entry): {@code HOME=/home/alice sparkdoc} must
 * read the config whose target names Tab just completed.
 */
public record UserDirs(Map<String, String> env, Path home) {

    public UserDirs {
        env = Map.copyOf(env);
    }

    public static UserDirs ofProcess() {
        return of(System.getenv(), System.getProperty("user.home"));
    }

    /** The folders for {@code env}, its {@code HOME} first (when absolute), else {@code userHome}. */
    public static UserDirs of(Map<String, String> env, String userHome) {
        return new UserDirs(env, absolute(env.get("HOME")).orElse(Path.of(userHome)));
    }

    public Path configFile() {
        Optional<Path> explicit = Optional.ofNullable(env.get("SPARKDOC_CONFIG")).filter(s -> !s.isBlank()).map(Path::of);
        return explicit.orElseGet(() -> base("XDG_CONFIG_HOME", ".config").resolve("sparkdoc").resolve("config.yaml"));
    }

    public Path cacheDir() {
        return base("XDG_CACHE_HOME", ".cache").resolve("sparkdoc");
    }

    public Path dataDir() {
        return base("XDG_DATA_HOME", ".local/share").resolve("sparkdoc");
    }

    private Path base(String variable, String fallback) {
        return absolute(env.get(variable)).orElse(home.resolve(fallback));
    }

    private static Optional<Path> absolute(String value) {
        return Optional.ofNullable(value).filter(s -> !s.isBlank()).map(Path::of).filter(Path::isAbsolute);
    }
}
