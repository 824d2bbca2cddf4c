package dev.sparkdoc.rules;

import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.firstaid.Families;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The rules in force: the built-in catalog ({@code src/main/resources/rules/}, one file per
 * family, named after it), then user folders, where a rule with a built-in rule's id replaces
 * it; minus disabled ids.
 */
public final class RuleCatalog {

    private static final String BUILT_IN = "/rules/";

    private RuleCatalog() {
    }

    public static List<Rule> builtIn() {
        List<Rule> rules = new ArrayList<>();
        for (String family : Families.all().keySet()) {
            String file = family + ".yaml";
            try (InputStream in = RuleCatalog.class.getResourceAsStream(BUILT_IN + file)) {
                if (in == null) {
                    throw new IllegalStateException("no built-in rule file for family " + family + ": rules/" + file);
                }
                rules.addAll(RuleParser.parse(new InputStreamReader(in, StandardCharsets.UTF_8), "rules/" + file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return checkUniqueIds(rules);
    }

    /** Rules from every *.yaml / *.yml file of a folder (or one file), sorted by name; rule tests (*.test.yaml) aside. */
    public static List<Rule> load(Path dirOrFile) {
        // the same reading as 'rules check', stopping at its first mistake
        Checked checked = check(dirOrFile);
        if (!checked.mistakes().isEmpty()) {
            throw checked.mistakes().get(0);
        }
        return checked.rules();
    }

    /**
     * What {@code rules check} reports: every file of a folder parsed on its own, so that each bad
     * file gives its first mistake (a file's later lines may only make sense once that one is
     * fixed), and an id defined twice among the good files.
     */
    public static Checked check(Path dirOrFile) {
        List<Path> files;
        try (Stream<Path> s = Files.isDirectory(dirOrFile) ? Files.list(dirOrFile) : Stream.of(dirOrFile)) {
            files = s.filter(RuleFiles::isRules).sorted().toList();
        } catch (IOException e) {
            return new Checked(List.of(), List.of(new DataFileException(dirOrFile.toString(), 0, "cannot read: " + e.getMessage())));
        }
        List<Rule> rules = new ArrayList<>();
        List<DataFileException> mistakes = new ArrayList<>();
        for (Path f : files) {
            try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                rules.addAll(RuleParser.parse(r, f.toString()));
            } catch (IOException e) {
                mistakes.add(new DataFileException(f.toString(), 0, "cannot read: " + e.getMessage()));
            } catch (DataFileException e) {
                mistakes.add(e);
            }
        }
        try {
            checkUniqueIds(rules);
        } catch (DataFileException e) {
            mistakes.add(e);
        }
        return new Checked(mistakes.isEmpty() ? List.copyOf(rules) : List.of(), List.copyOf(mistakes));
    }

    /** The rules of a checked folder (none when it has a mistake) and every mistake, in file order. */
    public record Checked(List<Rule> rules, List<DataFileException> mistakes) {
    }

    /** Built-in rules, overridden and extended by user folders, without the disabled ids. */
    public static List<Rule> effective(List<Path> userDirs, Collection<String> disabled) {
        Map<String, Rule> byId = new LinkedHashMap<>();
        builtIn().forEach(r -> byId.put(r.id(), r));
        for (Path dir : userDirs) {
            load(dir).forEach(r -> byId.put(r.id(), r));
        }
        for (String id : disabled) {
            if (byId.remove(id) == null) {
                throw new UnknownRuleId(id, ": no such rule" + DidYouMean.quoted(byId.keySet(), id) + " (see 'sparkdoc rules list')");
            }
        }
        return List.copyOf(byId.values());
    }

    private static List<Rule> checkUniqueIds(List<Rule> rules) {
        Map<String, Rule> seen = new LinkedHashMap<>();
        for (Rule r : rules) {
            Rule before = seen.put(r.id(), r);
            if (before != null) {
                String[] at = r.origin().split(":(?=\\d+$)");
                throw new DataFileException(at[0], Integer.parseInt(at[1]),
                        "rule id '" + r.id() + "' is already defined at " + before.origin());
            }
        }
        return rules;
    }

    /**
     * A disabled id that names no rule; the message names it as the command line's {@code --disable},
     * and {@code reason} lets a caller name another source (the config file's {@code disable:}).
     */
    public static final class UnknownRuleId extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String id;
        private final String reason;

        UnknownRuleId(String id, String reason) {
            super("--disable " + id + reason);
            this.id = id;
            this.reason = reason;
        }

        public String id() {
            return id;
        }

        /** What follows the id: ": no such rule (did you mean …?) (see …)". */
        public String reason() {
            return reason;
        }
    }
}
