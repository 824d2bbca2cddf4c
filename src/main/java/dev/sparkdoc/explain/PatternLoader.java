package dev.sparkdoc.explain;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.explain.ErrorPattern.Target;
import dev.sparkdoc.datafile.YamlNode;
import dev.sparkdoc.datafile.YamlNode.Mapping;
import dev.sparkdoc.datafile.YamlNode.Scalar;
import dev.sparkdoc.datafile.YamlNode.Sequence;
import dev.sparkdoc.firstaid.Families;
import dev.sparkdoc.datafile.DataFileException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads a pattern file ({@code patterns: [ … ]}). Any mistake (unknown key or family, a regex that
 * does not compile, a duplicate id) fails the whole file with its name and line.
 */
public final class PatternLoader {

    public static final String BUILT_IN = "explain/patterns.yaml";
    private static final Set<String> KEYS = Set.of("id", "on", "match", "context", "family", "title",
            "confidence", "remedies", "docs");
    private static final Set<String> REMEDY_KEYS = Set.of("text", "conf", "code");
    private static final double DEFAULT_CONFIDENCE = 0.9;

    private final String file;

    private PatternLoader(String file) {
        this.file = file;
    }

    public static List<ErrorPattern> builtIn() {
        InputStream in = PatternLoader.class.getClassLoader().getResourceAsStream(BUILT_IN);
        if (in == null) {
            throw new IllegalStateException("missing resource " + BUILT_IN);
        }
        try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return parse(r, BUILT_IN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<ErrorPattern> parse(Reader reader, String file) {
        return new PatternLoader(file).patterns(YamlNode.parse(reader, file));
    }

    private List<ErrorPattern> patterns(YamlNode root) {
        if (!(root instanceof Mapping top) || !(top.fields().get("patterns") instanceof Sequence list)) {
            throw error(root, "expected a mapping with a 'patterns:' list");
        }
        List<ErrorPattern> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (YamlNode item : list.items()) {
            ErrorPattern p = pattern(mapping(item, "each pattern is a mapping"));
            if (!ids.add(p.id())) {
                throw error(item, "duplicate pattern id '" + p.id() + "'");
            }
            out.add(p);
        }
        return out;
    }

    private ErrorPattern pattern(Mapping m) {
        checkKeys(m, KEYS);
        String id = text(m, "id");
        String family = text(m, "family");
        if (Families.title(family).isEmpty()) {
            throw error(m.fields().get("family"), "unknown family '" + family + "' (one of " + String.join(", ", Families.all().keySet()) + ")");
        }
        List<Pattern> match = regexes(m, "match");
        if (match.isEmpty()) {
            throw error(m, "pattern " + id + " needs at least one 'match' regex");
        }
        return new ErrorPattern(id, targets(m), match, m.fields().containsKey("context") ? regexes(m, "context") : List.of(),
                family, text(m, "title"), confidence(m), remedies(m), optionalText(m, "docs"));
    }

    private Set<Target> targets(Mapping m) {
        if (!m.fields().containsKey("on")) {
            return EnumSet.of(Target.ROOT);
        }
        Set<Target> out = EnumSet.noneOf(Target.class);
        for (YamlNode t : items(m.fields().get("on"))) {
            String name = scalar(t, "'on' takes root, chain and log").toUpperCase(Locale.ROOT);
            try {
                out.add(Target.valueOf(name));
            } catch (IllegalArgumentException e) {
                throw error(t, "unknown 'on' value '" + name.toLowerCase(Locale.ROOT) + "' (root, chain, log)");
            }
        }
        return out;
    }

    private List<Pattern> regexes(Mapping m, String key) {
        List<Pattern> out = new ArrayList<>();
        for (YamlNode t : items(m.fields().get(key))) {
            String regex = scalar(t, "'" + key + "' holds regexes");
            try {
                out.add(Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw error(t, "bad regex in '" + key + "': " + e.getDescription() + " in " + regex);
            }
        }
        return out;
    }

    private double confidence(Mapping m) {
        YamlNode t = m.fields().get("confidence");
        if (t == null) {
            return DEFAULT_CONFIDENCE;
        }
        try {
            double v = Double.parseDouble(scalar(t, "'confidence' is a number"));
            if (v < 0 || v > 1) {
                throw error(t, "'confidence' is between 0 and 1");
            }
            return v;
        } catch (NumberFormatException e) {
            throw error(t, "'confidence' is a number between 0 and 1");
        }
    }

    private List<Remedy> remedies(Mapping m) {
        List<Remedy> out = new ArrayList<>();
        for (YamlNode t : items(m.fields().get("remedies"))) {
            Mapping r = mapping(t, "each remedy is a mapping with 'text', optional 'conf' and 'code'");
            checkKeys(r, REMEDY_KEYS);
            Map<String, String> conf = new LinkedHashMap<>();
            if (r.fields().get("conf") instanceof Mapping c) {
                c.fields().forEach((k, v) -> conf.put(k, scalar(v, "conf values are scalars")));
            } else if (r.fields().containsKey("conf")) {
                throw error(r.fields().get("conf"), "'conf' is a mapping of Spark settings");
            }
            String code = optionalText(r, "code");
            out.add(new Remedy(text(r, "text"), conf, code.isEmpty() ? Optional.empty() : Optional.of(code)));
        }
        return out;
    }

    private void checkKeys(Mapping m, Set<String> known) {
        for (String key : m.fields().keySet()) {
            if (!known.contains(key)) {
                throw new DataFileException(file, m.keyLines().get(key), "unknown key '" + key + "' (known: " + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }

    private List<YamlNode> items(YamlNode t) {
        if (t == null) {
            return List.of();
        }
        return t instanceof Sequence s ? s.items() : List.of(t);
    }

    private String text(Mapping m, String key) {
        YamlNode t = m.fields().get(key);
        if (t == null) {
            throw error(m, "missing '" + key + "'");
        }
        String s = scalar(t, "'" + key + "' is a text");
        if (s.isBlank()) {
            throw error(t, "'" + key + "' is empty");
        }
        return s;
    }

    private String optionalText(Mapping m, String key) {
        YamlNode t = m.fields().get(key);
        return t == null ? "" : scalar(t, "'" + key + "' is a text");
    }

    private String scalar(YamlNode t, String expected) {
        if (t instanceof Scalar s) {
            return s.text();
        }
        throw error(t, expected);
    }

    private Mapping mapping(YamlNode t, String expected) {
        if (t instanceof Mapping m) {
            return m;
        }
        throw error(t, expected);
    }

    private DataFileException error(YamlNode t, String reason) {
        return new DataFileException(file, t == null ? 1 : t.line(), reason);
    }
}
