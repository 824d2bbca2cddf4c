package dev.sparkdoc.userconfig;

import dev.sparkdoc.redact.Redaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code sparkdoc config show}: where the files are and the settings in force, each with its
 * source. Secrets appear by where they come from ("from environment variable X (set)"); no secret
 * is read to print this.
 */
public final class ConfigShow {

    private ConfigShow() {
    }

    public static List<String> lines(UserDirs dirs, UserConfig config, Duration builtInInterval) {
        List<String> out = new ArrayList<>();
        Path file = dirs.configFile();
        out.add("config file    " + file + (config.file().isPresent() ? "" : " (none: the built-in defaults are in force)"));
        out.add("cache          " + dirs.cacheDir() + " (attach.log)");
        out.add("interval       " + config.interval().map(d -> seconds(d) + " (config)").orElse(seconds(builtInInterval) + " (built in)"));
        out.add("color          " + (config.noColor() ? "never (config)" : "auto (built in: on a terminal, without NO_COLOR)"));
        out.add("rules          " + (config.ruleDirs().isEmpty() ? "built-in catalog only"
                : "built-in catalog + " + config.ruleDirs().stream().map(Path::toString).collect(Collectors.joining(", ")) + " (config)"));
        out.add("disabled       " + (config.disabled().isEmpty() ? "none" : String.join(", ", config.disabled()) + " (config)"));
        out.add("default target " + config.defaultTarget().orElse("localhost:4040 (built in)"));
        if (config.targets().isEmpty()) {
            out.add("targets        none");
            return out;
        }
        out.add("targets");
        Map<String, String> env = dirs.env();
        for (NamedTarget t : config.targets().values()) {
            out.add("  " + t.name() + "  " + Redaction.text(t.target()));
            t.user().ifPresent(u -> out.add("    user      " + u + t.password().map(p -> ", password " + p.describe(env)).orElse("")));
            for (HeaderValue h : t.headers()) {
                out.add("    header    " + h.describe(env));
            }
            t.insecure().filter(Boolean::booleanValue).ifPresent(i -> out.add("    insecure  any TLS certificate accepted"));
            t.caCert().ifPresent(c -> out.add("    cacert    " + c));
            t.timeout().ifPresent(d -> out.add("    timeout   " + seconds(d)));
        }
        return out;
    }

    private static String seconds(Duration d) {
        double s = d.toMillis() / 1000.0;
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + " s";
    }
}
