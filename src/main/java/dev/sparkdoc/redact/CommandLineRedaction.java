package dev.sparkdoc.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides secrets in a command line before it is kept anywhere. Command lines carry them in many
 * shapes: {@code --conf spark.hadoop.fs.s3a.secret.key=…}, {@code -Djavax.net.ssl.keyStorePassword=…},
 * {@code AWS_SECRET_ACCESS_KEY=… cmd} in a shell string, {@code --password …},
 * {@code -H 'Authorization: Bearer …'} and {@code https://user:pass@host/}. Keys are judged by
 * {@link Redaction} (Spark's {@code spark.redaction.regex} plus more), as Spark's UI does.
 */
public final class CommandLineRedaction {

    static final String HIDDEN = Redaction.REDACTED;

    /** key=value anywhere in a token; the value stops at blanks, quotes and shell separators. */
    private static final Pattern KEY_VALUE = Pattern.compile("([A-Za-z0-9_.\\-]+)=([^\\s;&|'\"]*)");
    private static final Pattern HEADER = Pattern.compile("(?i)^\\s*([A-Za-z][A-Za-z0-9\\-]*)\\s*:\\s*(.*)$");
    private static final Set<String> SECRET_HEADERS = Set.of("authorization", "proxy-authorization", "cookie", "set-cookie");
    private static final Set<String> AUTH_SCHEMES = Set.of("bearer", "basic", "token", "negotiate", "digest");
    /** Options that take "user:password" (curl, sparkdoc, wget-likes): the password part goes. */
    private static final Set<String> USER_OPTIONS = Set.of("--user", "-u", "--proxy-user", "-U", "--basic-auth");

    private CommandLineRedaction() {
    }

    /** The argument vector with every secret value replaced; the keys stay, so people see what was set. */
    public static List<String> redact(List<String> argv) {
        List<String> out = new ArrayList<>(argv.size());
        int hideNext = 0;
        boolean userNext = false;
        for (String arg : argv) {
            if (userNext) {
                userNext = false;
                out.add(userPassword(arg));
                continue;
            }
            if (hideNext > 0) {
                hideNext--;
                // "Authorization: Bearer xyz" split by ps into words: hide the scheme's credential too
                if (AUTH_SCHEMES.contains(arg.toLowerCase(Locale.ROOT)) && hideNext == 0) {
                    out.add(arg);
                    hideNext = 1;
                } else {
                    out.add(HIDDEN);
                }
                continue;
            }
            int eq = arg.indexOf('=');
            if (eq > 0 && USER_OPTIONS.contains(arg.substring(0, eq))) {
                out.add(arg.substring(0, eq + 1) + userPassword(arg.substring(eq + 1)));
                continue;
            }
            out.add(redactToken(arg));
            hideNext = secretsFollowing(arg);
            userNext = USER_OPTIONS.contains(arg);
        }
        return out;
    }

    /** {@code user:password} keeps the user; anything else is judged like any token. */
    private static String userPassword(String arg) {
        int colon = arg.indexOf(':');
        return colon >= 0 && !arg.contains("://") ? arg.substring(0, colon + 1) + HIDDEN : redactToken(arg);
    }

    /** How many following arguments are a secret: {@code --password x}, {@code Authorization: x}. */
    private static int secretsFollowing(String arg) {
        if (arg.startsWith("-") && !arg.contains("=") && isSecretName(arg.replaceFirst("^-+", ""))) {
            return 1;
        }
        Matcher h = HEADER.matcher(arg);
        if (h.matches() && h.group(2).isEmpty() && isSecretHeader(h.group(1))) {
            return 1;
        }
        return 0;
    }

    static String redactToken(String token) {
        String t = Redaction.urlPasswords(token);
        Matcher h = HEADER.matcher(t);
        if (h.matches() && !h.group(2).isEmpty() && isSecretHeader(h.group(1)) && !t.contains("://")) {
            return h.group(1) + ": " + HIDDEN;
        }
        return KEY_VALUE.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "=" + assigned(m.group(1), m.group(2))));
    }

    /** {@code --conf=spark.x.password=v}: the value is itself an assignment, judge that one. */
    private static String assigned(String key, String value) {
        if (value.isEmpty()) {
            return value;
        }
        return value.contains("=") ? redactToken(value) : value(key, value);
    }

    private static boolean isSecretHeader(String name) {
        return SECRET_HEADERS.contains(name.toLowerCase(Locale.ROOT)) || isSecretName(name);
    }

    /** Like {@link Redaction#value}: a secret-looking key or value hides the value. */
    private static String value(String key, String value) {
        return isSecretName(key) || Redaction.isSecretKey(value) ? HIDDEN : value;
    }

    /** Option and variable names spell "api.key" as api-key or API_KEY. */
    private static boolean isSecretName(String name) {
        return Redaction.isSecretKey(name) || Redaction.isSecretKey(name.replace('-', '.').replace('_', '.'));
    }
}
