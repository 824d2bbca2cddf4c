package dev.sparkdoc.userconfig;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where sparkdoc keeps the user's files, after the XDG base directory spec: the config file
 * ({@code $SPARKDOC_CONFIG}, else {@code $XDG_CONFIG_HOME/sparkdoc/config.yaml}, else
 * {@code ~/.config/sparkdoc/config.yaml}) and the cache ({@code $XDG_CACHE_HOME/sparkdoc}, else
 * {@code ~/.cache/sparkdoc}). XDG says a relative value is to be ignored; so do we.
 */
public record UserDirs(Map<String, String> env, Path home) {

    public UserDirs {
        env = Map.copyOf(env);
    }

    public static UserDirs ofProcess() {
        return new UserDirs(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    public Path configFile() {
        Optional<Path> explicit = Optional.ofNullable(env.get("SPARKDOC_CONFIG")).filter(s -> !s.isBlank()).map(Path::of);
        return explicit.orElseGet(() -> base("XDG_CONFIG_HOME", ".config").resolve("sparkdoc").resolve("config.yaml"));
    }

    public Path cacheDir() {
        return base("XDG_CACHE_HOME", ".cache").resolve("sparkdoc");
    }

    private Path base(String variable, String fallback) {
        return Optional.ofNullable(env.get(variable)).filter(s -> !s.isBlank()).map(Path::of).filter(Path::isAbsolute)
                .orElse(home.resolve(fallback));
    }
}
