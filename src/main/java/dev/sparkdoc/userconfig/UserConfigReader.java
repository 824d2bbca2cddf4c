package dev.sparkdoc.userconfig;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.datafile.YamlNode;
import dev.sparkdoc.redact.Redaction;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the config file into a {@link UserConfig}. Every mistake is a {@link ConfigException}
 * {@code FILE:LINE: what is wrong; the fix}: an unknown key (with the nearest known one), a value of
 * the wrong kind, and a secret written into the file, which is refused: the file names where a
 * secret comes from, never the secret.
 */
public final class UserConfigReader {

    private static final Set<String> TOP = Set.of("interval", "color", "rules", "disable", "default-target", "targets");
    private static final Set<String> TARGET = Set.of("url", "headers", "user", "password", "insecure", "cacert", "timeout");
    private static final Set<String> SECRET = Set.of("env", "command", "prefix");
    /** Header names whose value is a credential, beside what Redaction calls secret. */
    private static final Pattern SECRET_HEADER = Pattern.compile("(?i)^(authorization|proxy-authorization|cookie)$");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final String file;
    private final Path folder;
    private final Path home;

    private UserConfigReader(String file, Path folder, Path home) {
        this.file = file;
        this.folder = folder;
        this.home = home;
    }

    /** The config at {@code dirs.configFile()}; {@link UserConfig#NONE} when there is no such file. */
    public static UserConfig load(UserDirs dirs) {
        Path path = dirs.configFile();
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return UserConfig.NONE;
        } catch (IOException e) {
            throw new ConfigException(path + ": cannot read the config file (" + e.getClass().getSimpleName() + "): fix its permissions or set SPARKDOC_CONFIG to another file");
        }
        return parse(new StringReader(text), path, dirs.home());
    }

    static UserConfig parse(Reader text, Path path, Path home) {
        Path absolute = path.toAbsolutePath();
        return new UserConfigReader(path.toString(), absolute.getParent(), home).read(text, absolute);
    }

    private UserConfig read(Reader text, Path path) {
        YamlNode root;
        try {
            root = YamlNode.parse(text, file);
        } catch (DataFileException e) {
            if (e.getMessage().endsWith("empty file")) {
                return new UserConfig(Optional.of(path), Optional.empty(), false, List.of(), List.of(), Optional.empty(), Map.of());
            }
            throw new ConfigException(e.getMessage());
        }
        YamlNode.Mapping top = mapping(root, "the config file", "keys such as targets:, interval:, rules:");
        keys(top, TOP, "");
        Optional<Duration> interval = Optional.ofNullable(top.get("interval")).map(n -> duration(n, "interval"));
        interval.filter(d -> d.toMillis() < 500).ifPresent(d -> {
            throw error(top.get("interval"), "interval: " + text(top.get("interval")) + " is under half a second: give 0.5s or more");
        });
        boolean noColor = Optional.ofNullable(top.get("color")).map(this::color).orElse(false);
        List<Path> rules = strings(top.get("rules"), "rules").stream().map(this::path).toList();
        List<String> disabled = strings(top.get("disable"), "disable");
        Optional<String> defaultTarget = Optional.ofNullable(top.get("default-target")).map(n -> scalar(n, "default-target"));
        Map<String, NamedTarget> targets = new LinkedHashMap<>();
        if (top.get("targets") != null) {
            YamlNode.Mapping named = mapping(top.get("targets"), "targets", "one entry per name, e.g. prod-etl: {url: http://host:4040}");
            named.fields().forEach((name, node) -> {
                if (!NAME.matcher(name).matches()) {
                    throw new ConfigException(file + ":" + named.keyLines().get(name) + ": target name '" + name
                            + "': use letters, digits, '.', '_' and '-' (it is typed on the command line)");
                }
                targets.put(name, target(name, node));
            });
        }
        return new UserConfig(Optional.of(path), interval, noColor, rules, disabled, defaultTarget, targets);
    }

    private NamedTarget target(String name, YamlNode node) {
        String where = "target '" + name + "'";
        YamlNode.Mapping m = mapping(node, where, "url:, and optionally headers:, user:, password:, insecure:, cacert:, timeout:");
        keys(m, TARGET, where + ": ");
        if (m.get("url") == null) {
            throw error(m, where + " has no url: give url: http://host:4040 (or a History Server URL, or an event-log path)");
        }
        String url = scalar(m.get("url"), where + " url");
        if (url.matches("(?i)[a-z][a-z0-9+.-]*://[^/@\\s:]+:[^/@\\s]+@.*")) {
            throw error(m.get("url"), where + ": the url holds a password: take it out and give user: and password: {env: VARIABLE}");
        }
        List<HeaderValue> headers = new ArrayList<>();
        if (m.get("headers") != null) {
            YamlNode.Mapping h = mapping(m.get("headers"), where + " headers", "one header per line, e.g. X-Team: data");
            h.fields().forEach((header, value) -> headers.add(header(where, header, value)));
        }
        Optional<String> user = Optional.ofNullable(m.get("user")).map(n -> scalar(n, where + " user"));
        user.filter(u -> u.contains(":")).ifPresent(u -> {
            throw error(m.get("user"), where + ": user holds a ':' and so a password: give the password as password: {env: VARIABLE}");
        });
        Optional<Secret> password = Optional.ofNullable(m.get("password")).map(n -> secretOnly(n, where + " password"));
        if (password.isPresent() && user.isEmpty()) {
            throw error(m.get("password"), where + ": a password without a user: add user:");
        }
        Optional<Boolean> insecure = Optional.ofNullable(m.get("insecure")).map(n -> bool(n, where + " insecure"));
        Optional<Path> caCert = Optional.ofNullable(m.get("cacert")).map(n -> path(scalar(n, where + " cacert")));
        Optional<Duration> timeout = Optional.ofNullable(m.get("timeout")).map(n -> duration(n, where + " timeout"));
        return new NamedTarget(name, url, headers, user, password, insecure, caCert, timeout);
    }

    private HeaderValue header(String where, String name, YamlNode value) {
        boolean secretName = SECRET_HEADER.matcher(name).matches() || Redaction.isSecretKey(name);
        if (value instanceof YamlNode.Scalar s) {
            if (secretName) {
                throw error(value, where + ": the header " + name + " is a credential, and the config never holds one: give "
                        + name + ": {env: VARIABLE} or {command: \"…\"} (with prefix: \"Bearer \" if needed)");
            }
            return new HeaderValue(name, Optional.of(s.text()), Optional.empty(), "");
        }
        YamlNode.Mapping m = mapping(value, where + " header " + name, "a value, or {env: VARIABLE} / {command: \"…\"}");
        String prefix = m.get("prefix") == null ? "" : scalar(m.get("prefix"), where + " header " + name + " prefix");
        return new HeaderValue(name, Optional.empty(), Optional.of(secret(m, where + " header " + name)), prefix);
    }

    private Secret secretOnly(YamlNode node, String what) {
        if (node instanceof YamlNode.Scalar) {
            throw error(node, what + ": the config never holds a password: give {env: VARIABLE} or {command: \"pass show …\"}");
        }
        YamlNode.Mapping m = mapping(node, what, "{env: VARIABLE} or {command: \"…\"}");
        if (m.get("prefix") != null) {
            throw error(m.get("prefix"), what + ": prefix: is for headers only");
        }
        return secret(m, what);
    }

    private Secret secret(YamlNode.Mapping m, String what) {
        keys(m, SECRET, what + ": ");
        YamlNode env = m.get("env");
        YamlNode command = m.get("command");
        if ((env == null) == (command == null)) {
            throw error(m, what + ": give exactly one of env: VARIABLE or command: \"…\"");
        }
        return env != null ? new Secret.Env(scalar(env, what + " env")) : new Secret.Command(scalar(command, what + " command"));
    }

    private boolean color(YamlNode node) {
        String v = scalar(node, "color").toLowerCase(Locale.ROOT);
        return switch (v) {
            case "auto" -> false;
            case "never" -> true;
            default -> throw error(node, "color: " + v + ": give auto (colours on a terminal) or never");
        };
    }

    private boolean bool(YamlNode node, String what) {
        String v = scalar(node, what).toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return Boolean.parseBoolean(v);
        }
        throw error(node, what + ": " + v + ": give true or false");
    }

    private Duration duration(YamlNode node, String what) {
        String v = scalar(node, what).strip();
        Matcher d = DURATION.matcher(v.toLowerCase(Locale.ROOT));
        if (!d.matches()) {
            throw error(node, what + ": " + v + ": give seconds (5 or 5s), or 500ms, 2m, 1h");
        }
        double n = Double.parseDouble(d.group(1));
        String unit = d.group(2) == null ? "s" : d.group(2);
        double millis = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n * 1000;
        };
        return Duration.ofMillis(Math.round(millis));
    }

    private List<String> strings(YamlNode node, String what) {
        if (node == null) {
            return List.of();
        }
        if (node instanceof YamlNode.Sequence s) {
            return s.items().stream().map(i -> scalar(i, what)).toList();
        }
        return List.of(scalar(node, what));
    }

    /** {@code ~/x} from the home folder, a relative path from the config file's folder. */
    private Path path(String text) {
        if (text.equals("~") || text.startsWith("~/")) {
            return home.resolve(text.length() < 2 ? "" : text.substring(2)).normalize();
        }
        Path p = Path.of(text);
        return p.isAbsolute() ? p : folder.resolve(p).normalize();
    }

    private String scalar(YamlNode node, String what) {
        if (node instanceof YamlNode.Scalar s && !s.text().isEmpty()) {
            return s.text();
        }
        throw error(node, what + ": give a single value");
    }

    private static String text(YamlNode node) {
        return node instanceof YamlNode.Scalar s ? s.text() : "";
    }

    private YamlNode.Mapping mapping(YamlNode node, String what, String expected) {
        if (node instanceof YamlNode.Mapping m) {
            return m;
        }
        throw error(node, what + " should be a mapping: " + expected);
    }

    private void keys(YamlNode.Mapping m, Set<String> known, String where) {
        m.fields().keySet().stream().filter(k -> !known.contains(k)).findFirst().ifPresent(k -> {
            throw new ConfigException(file + ":" + m.keyLines().get(k) + ": " + where + "unknown key '" + k + "'"
                    + DidYouMean.among(known, k) + "; known: " + String.join(", ", known.stream().sorted().toList()));
        });
    }

    private ConfigException error(YamlNode node, String message) {
        return new ConfigException(file + ":" + node.line() + ": " + message);
    }
}
