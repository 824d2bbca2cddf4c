package dev.sparkdoc.source.rest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises the HTML login pages that authentication proxies put in front of a Spark UI (Apache
 * Knox, SSO gateways such as Keycloak or Okta, corporate reverse proxies). Only the page's title
 * is ever repeated to the user, never a form field or a value.
 */
final class LoginPages {

    private static final Pattern TITLE = Pattern.compile("(?is)<title>\\s*(.*?)\\s*</title>");
    private static final Pattern PASSWORD_FIELD = Pattern.compile("(?i)type\\s*=\\s*[\"']?password");
    private static final Pattern LOGIN_WORDS = Pattern.compile(
            "(?i)\\b(log ?in|sign ?in|sign-in|single sign-on|sso|knox|authenticat\\w*|saml|oauth|openid|kerberos)\\b");
    private static final int TITLE_CHARS = 80;

    private LoginPages() {
    }

    /** A form with a password field, or a title that names logging in. */
    static boolean looksLikeLogin(String html) {
        return PASSWORD_FIELD.matcher(html).find() || LOGIN_WORDS.matcher(title(html)).find();
    }

    /** {@code " ('Sign in')"} for a page with a title, else "". */
    static String titleNote(String html) {
        String title = title(html);
        return title.isEmpty() ? "" : " ('" + Texts.bounded(title, TITLE_CHARS) + "')";
    }

    private static String title(String html) {
        Matcher m = TITLE.matcher(html);
        return m.find() ? m.group(1).replaceAll("\\s+", " ").strip() : "";
    }
}
