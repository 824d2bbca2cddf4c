package dev.sparkdoc.redact;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Hides secret values the way Spark does before anything reaches a snapshot, a report or a
 * screen. The pattern is Spark's default {@code spark.redaction.regex}
 * ({@code (?i)secret|password|token|access[.]?key}) plus common key names Spark's default misses,
 * plus the user's own regular expression from the {@code SPARKDOC_REDACT} environment variable
 * (matched like Spark's pattern on keys and values, and cut out of free text).
 */
public final class Redaction {

    /** The text Spark itself puts in place of a redacted value. */
    public static final String REDACTED = "*********(redacted)";

    private static final Pattern SECRET_KEY = Pattern.compile(
            "(?i)secret|password|passwd|token|access[.]?key|credential|private[.]?key|api[.]?key");

    /** The user's pattern; a broken one is reported once on stderr and replaced by "match all". */
    private static final Optional<Pattern> USER = userPattern(System.getenv("SPARKDOC_REDACT"));

    /**
     * The word that makes a {@code key=value} or {@code key: value} pair in free text secret. The
     * pair is then read by hand ({@link #secretPairs}): free text can hold a megabyte-long "word" (a
     * base64 literal in a plan), on which a regex with a repeated key prefix turns quadratic.
     */
    private static final Pattern SECRET_WORD = Pattern.compile(
            "(?i)secret|password|passwd|pwd|token|access[._]?key|credential|private[._]?key|api[._]?key");
    /**
     * {@code scheme://user:password@host}: the password goes, the user stays. Anchored at
     * {@code ://}, not at the scheme: a scheme prefix ({@code [A-Za-z][A-Za-z0-9+.-]*://}) is tried
     * at every letter of a megabyte-long word and turns quadratic. Unbounded lengths stay linear
     * (neither part can cross a {@code /}, so no two tries scan the same text) and hide a long
     * password too.
     */
    /**
     * Where a secret is kept, not the secret: the config file's {@code {env: NAME}} and
     * {@code {file: PATH}}, a shell's {@code ${NAME}}. Messages name them in their fix ("give
     * password: {env: VARIABLE}"), which redaction must leave readable. {@code {command: …}} is
     * not one: a command line may carry the secret itself. Only a whole value is a reference
     * ({@code {env: X}hunter2} is redacted).
     */
    private static final Pattern REFERENCE = Pattern.compile(
            "(?:\\{\\s*(?:env|file)\\s*:\\s*[^\\s{}]+\\s*}|\\$\\{[A-Za-z_][A-Za-z0-9_]*})(?=$|[\\s;&,'\")])");
    private static final Pattern URL_USER_INFO = Pattern.compile("://([^/@\\s:]+):([^/@\\s]+)@");
    /** {@code Authorization: Bearer …}, {@code Basic …}. */
    private static final Pattern AUTH_SCHEME = Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=\\-]{4,}");

    /**
     * Every word {@link #SECRET_WORD} matches contains one of these, lower case: text without any has
     * no secret pair ("key" alone would not do: every aggregate's plan says "keys=[…]").
     */
    private static final String[] SECRET_STEMS = {"secret", "passw", "pwd", "token", "credential", "accesskey", "access.key",
        "access_key", "privatekey", "private.key", "private_key", "apikey", "api.key", "api_key"};
    private static final String[] AUTH_STEMS = {"bearer", "basic"};

    private Redaction() {
    }

    private static boolean containsAny(String lower, String[] stems) {
        for (String stem : stems) {
            if (lower.contains(stem)) {
                return true;
            }
        }
        return false;
    }

    public static boolean isSecretKey(String key) {
        return SECRET_KEY.matcher(key).find() || USER.map(p -> p.matcher(key).find()).orElse(false);
    }

    /**
     * Free text (a job description, SQL text, a plan, a failure message, a URL) with the secrets in
     * it replaced: the values of secret-looking {@code key=value} and {@code key: value} pairs, URL
     * passwords, bearer and basic credentials, and whatever {@code SPARKDOC_REDACT} matches.
     */
    public static String text(String text) {
        return text(text, USER);
    }

    /** {@link #text(String)} with an explicit user pattern (tests; the CLI uses the environment). */
    public static String text(String text, Optional<Pattern> user) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        // most text holds none of the words a secret needs: one lower-cased copy and a few indexOf
        // calls rule them out at a fraction of the case-blind regexes' cost (a fleet run redacts every plan)
        String lower = text.toLowerCase(Locale.ROOT);
        String t = lower.contains("://") ? urlPasswords(text) : text;
        if (containsAny(lower, SECRET_STEMS)) {
            t = secretPairs(t);
        }
        if (containsAny(lower, AUTH_STEMS)) {
            t = AUTH_SCHEME.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + " " + REDACTED));
        }
        if (user.isPresent()) {
            t = user.get().matcher(t).replaceAll(Matcher.quoteReplacement(REDACTED));
        }
        return t;
    }

    /**
     * A message sparkdoc composed whose "KEY: problem" shape is its own ("target 'prod' password:
     * the config never holds a password: give {env: VARIABLE}"), not a secret pair: URL
     * passwords, bearer and basic credentials and {@code SPARKDOC_REDACT} matches hidden, the
     * fix text left whole.
     */
    public static String ownMessage(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String t = AUTH_SCHEME.matcher(urlPasswords(text)).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + " " + REDACTED));
        return USER.map(user -> user.matcher(t).replaceAll(Matcher.quoteReplacement(REDACTED))).orElse(t);
    }

    /** Every {@code scheme://user:password@} with the password replaced, in free text and in command-line tokens alike. */
    static String urlPasswords(String text) {
        return URL_USER_INFO.matcher(text).replaceAll(m -> Matcher.quoteReplacement("://" + m.group(1) + ":" + REDACTED + "@"));
    }

    /** {@code password=…}, {@code token: …}, {@code "apiKey" : "…"}: the values replaced, in linear time. */
    private static String secretPairs(String text) {
        Matcher word = SECRET_WORD.matcher(text);
        int n = text.length();
        StringBuilder out = null;
        int copied = 0;
        int from = 0;
        while (from < n && word.find(from)) {
            from = word.end();
            int p = word.end();
            while (p < n && p - word.end() < 64 && isKeyChar(text.charAt(p))) {
                p++;
            }
            if (p < n && text.charAt(p) == '"') {
                p++;
            }
            p = skipBlanks(text, p);
            if (p >= n || (text.charAt(p) != '=' && text.charAt(p) != ':')) {
                continue;
            }
            int valueStart = skipBlanks(text, p + 1);
            if (text.startsWith(REDACTED, valueStart)) {
                from = valueStart + REDACTED.length();
                continue;
            }
            Matcher reference = REFERENCE.matcher(text).region(valueStart, n);
            if (reference.lookingAt()) {
                from = reference.end();
                continue;
            }
            int valueEnd = valueEnd(text, valueStart);
            if (valueEnd > valueStart) {
                out = out == null ? new StringBuilder(n) : out;
                out.append(text, copied, valueStart).append(REDACTED);
                copied = valueEnd;
                from = valueEnd;
            }
        }
        return out == null ? text : out.append(text, copied, n).toString();
    }

    private static boolean isKeyChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-';
    }

    private static int skipBlanks(String text, int p) {
        while (p < text.length() && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p++;
        }
        return p;
    }

    /** A quoted value to its closing quote; a bare one to a blank, quote or separator. */
    private static int valueEnd(String text, int p) {
        int n = text.length();
        if (p < n && (text.charAt(p) == '\'' || text.charAt(p) == '"')) {
            int close = text.indexOf(text.charAt(p), p + 1);
            if (close >= 0 && close - p <= 1024) {
                return close + 1;
            }
            p++; // no closing quote near: hide up to the next blank, as for a bare value
        }
        while (p < n && !Character.isWhitespace(text.charAt(p)) && ";&,'\")".indexOf(text.charAt(p)) < 0) {
            p++;
        }
        return p;
    }

    /** The user's pattern from {@code SPARKDOC_REDACT}; empty when unset or blank. */
    public static Optional<Pattern> userPattern(String regex) {
        if (regex == null || regex.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Pattern.compile(regex));
        } catch (PatternSyntaxException e) {
            // failing open would leak what the user meant to hide: hide everything instead
            System.err.println("sparkdoc: SPARKDOC_REDACT is not a valid regular expression (" + e.getDescription()
                    + "); every property value is hidden");
            return Optional.of(Pattern.compile("(?s).+"));
        }
    }

    /**
     * Like Spark's {@code Utils.redact}: a match in the key or in the value hides the value. Other
     * values still lose URL passwords and bearer tokens ({@link #text}), which Spark keeps: a
     * {@code spark.myapp.endpoint=https://u:pass@host/} has no secret-looking word in it.
     */
    public static String value(String key, String value) {
        return isSecretKey(key) || isSecretKey(value) ? REDACTED : text(value);
    }

    /** A copy with every secret-looking key's value replaced, keeping the order. */
    public static Map<String, String> properties(Map<String, String> properties) {
        Map<String, String> out = new LinkedHashMap<>();
        properties.forEach((k, v) -> out.put(k, value(k, v)));
        return out;
    }
}
