package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceFault;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import okhttp3.HttpUrl;

/**
 * One-line messages for everything that can go wrong talking to a Spark UI: what happened, where,
 * and what to try. URLs are shown without credentials (sparkdoc never puts them in a URL) and no
 * header value is ever repeated.
 */
final class HttpFailures {

    static final String AUTH_HINT = "pass credentials with --header 'Authorization: …' or --user user:password";
    static final String PORTS_HINT = "A driver UI listens on 4040–4045 by default (spark.ui.port)";

    private static final Pattern TITLE = Pattern.compile("(?is)<title>\\s*(.*?)\\s*</title>");
    private static final int BODY_CHARS = 200;

    private HttpFailures() {
    }

    /** The request got no HTTP answer. */
    static RestFault transport(HttpUrl url, IOException e, Duration timeout) {
        String origin = origin(url);
        if (e instanceof UnknownHostException) {
            return new RestFault(SourceFault.UNREACHABLE, "cannot connect to " + origin + ": unknown host '" + url.host()
                    + "' — check the name, or use the driver's IP address", e);
        }
        if (e instanceof SSLPeerUnverifiedException) {
            return new RestFault(SourceFault.BAD_ANSWER, "TLS certificate of " + origin + " does not match the host name '" + url.host()
                    + "'; pass the right CA with --cacert FILE, or --insecure to skip the check", e);
        }
        if (e instanceof SSLHandshakeException && certificateProblem(e)) {
            return new RestFault(SourceFault.BAD_ANSWER, "TLS certificate of " + origin + " is not trusted (unknown or self-signed issuer);"
                    + " pass the CA with --cacert FILE, or --insecure to skip the check", e);
        }
        if (e instanceof SSLException) {
            return new RestFault(SourceFault.BAD_ANSWER, "TLS with " + origin + " failed (" + Texts.firstLine(e.getMessage())
                    + "); if it serves plain HTTP, use http://, else try --cacert FILE or --insecure", e);
        }
        if (e instanceof SocketTimeoutException) {
            return new RestFault(SourceFault.TIMEOUT, origin + " did not answer within " + seconds(timeout)
                    + "; try --timeout " + timeoutOption(timeout) + " (a busy driver can be slow)", e);
        }
        if (e instanceof InterruptedIOException) {
            // OkHttp's call timeout: the answer started but trickled in for longer than the whole-call bound
            return new RestFault(SourceFault.TIMEOUT, origin + " did not finish its answer to " + url.encodedPath() + " within "
                    + seconds(HttpSettings.callTimeout(timeout)) + " (it stalled mid-answer); try --timeout "
                    + timeoutOption(timeout) + " (a busy driver can be slow)", e);
        }
        if (refused(e)) {
            return new RestFault(SourceFault.UNREACHABLE, "cannot connect to " + origin + ": connection refused — is the application running? "
                    + PORTS_HINT, e);
        }
        if (e instanceof NoRouteToHostException || e instanceof ConnectException) {
            return new RestFault(SourceFault.UNREACHABLE, "cannot connect to " + origin + ": " + Texts.firstLine(rootMessage(e))
                    + " — check the host, the port and any firewall in between", e);
        }
        if (e instanceof ProtocolException && !RestClient.endOfStream(e)) {
            return new RestFault(SourceFault.BAD_ANSWER, origin + " answered " + url.encodedPath() + " with something that is not HTTP"
                    + " — check the port: " + PORTS_HINT, e);
        }
        // a reset or a connection closed mid-answer (the driver died or a proxy cut it)
        return new RestFault(SourceFault.UNREACHABLE, "reading " + url + " failed: " + whatBroke(e)
                + " — the connection broke mid-answer; is the driver still running?", e);
    }

    /** OkHttp's "Too many follow-up requests: 21": more redirects than it follows. */
    static boolean redirectLoop(IOException e) {
        return e instanceof ProtocolException && String.valueOf(e.getMessage()).startsWith("Too many follow-up requests");
    }

    static RestFault redirectLoop(HttpUrl url, IOException e, java.util.Optional<HttpUrl> firstHop) {
        Matcher count = Pattern.compile("(\\d+)").matcher(String.valueOf(e.getMessage()));
        String redirects = count.find() ? "more than " + (Integer.parseInt(count.group(1)) - 1) + " redirects" : "redirect after redirect";
        String to = firstHop.map(hop -> ", the first to " + origin(hop) + hop.encodedPath()).orElse("");
        return new RestFault(SourceFault.BAD_ANSWER, "redirect loop: " + origin(url) + url.encodedPath() + " answered with " + redirects
                + to + ", never with data — open the URL in a browser to see where it ends and point sparkdoc there (an"
                + " authentication proxy that wants its login cookie does this: --header 'Cookie: …')", e);
    }

    static RestFault plainHttpToTls(HttpUrl url, IOException e) {
        HttpUrl https = url.newBuilder().scheme("https").port(url.port()).encodedPath("/").query(null).build();
        return new RestFault(SourceFault.BAD_ANSWER, origin(url) + " speaks HTTPS, not plain HTTP (spark.ssl.ui.enabled):"
                + " use " + https, e);
    }

    /** The socket's own words ("Connection reset"), never the HTTP parser's ("\n not found: limit=0 …"). */
    private static String whatBroke(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketException && t.getMessage() != null) {
                return Texts.firstLine(t.getMessage());
            }
        }
        return "closed by the server";
    }

    /**
     * An HTTP answer other than 2xx and 404 (which callers word themselves). A 401 to a request
     * that carried credentials is a refusal of those, not a call for them.
     */
    static RestFault status(HttpResult r, boolean credentialsSent) {
        int code = r.code();
        if (code == 401 && credentialsSent) {
            return new RestFault(SourceFault.LOGIN, "credentials refused (HTTP 401)", origin(r.url())
                    + " refused the credentials given (HTTP 401" + bodyNote(r) + "): check the user name and password"
                    + " (--user, the named target's user: and password:) or the token of --header 'Authorization: …'", null);
        }
        if (code == 401 || code == 403) {
            String what = code == 401 ? "asks for authentication (HTTP 401)" : "refused access (HTTP 403)";
            return new RestFault(SourceFault.LOGIN, "authentication needed (HTTP " + code + ")",
                    origin(r.url()) + " " + what + bodyNote(r) + "; " + AUTH_HINT, null);
        }
        if (code >= 500) {
            return new RestFault(SourceFault.SERVER_ERROR, "driver answers HTTP " + code, r.url() + " failed with HTTP " + code
                    + bodyNote(r) + "; the server has a problem, try again or check its log", null);
        }
        return new RestFault(SourceFault.BAD_ANSWER, r.url() + " answered HTTP " + code + bodyNote(r));
    }

    /**
     * An HTML page where JSON was asked for. A page that asks for a password, or one reached by a
     * redirect, is an authentication proxy (Knox, an SSO gateway, YARN's web proxy with SPNEGO):
     * say so and how to get past it. Only the origin and path of a redirect target are shown, never
     * its query (login redirects carry tickets and return URLs there).
     */
    static RestFault html(HttpResult r) {
        boolean redirected = !sameResource(r.requested(), r.url());
        if (redirected || LoginPages.looksLikeLogin(r.body())) {
            String where = redirected ? " (redirected to " + origin(r.url()) + r.url().encodedPath() + ")" : "";
            return new RestFault(SourceFault.LOGIN, "login page instead of data", origin(r.requested()) + " answered with a login page" + where
                    + LoginPages.titleNote(r.body()) + " instead of Spark's JSON: an authentication proxy is in front of "
                    + "Spark; " + AUTH_HINT + ", or tunnel to the driver's own UI port (ssh -L 4040:DRIVER:4040 EDGE)", null);
        }
        return new RestFault(SourceFault.BAD_ANSWER, "got an HTML page instead of Spark's JSON from " + r.url()
                + " (a login page or proxy?); check the URL, or " + AUTH_HINT);
    }

    private static boolean sameResource(HttpUrl a, HttpUrl b) {
        return a.host().equals(b.host()) && a.port() == b.port() && a.encodedPath().equals(b.encodedPath());
    }

    /** A 2xx answer that is not the JSON asked for; {@code detail} is the parser's first line. */
    static RestFault notJson(HttpResult r, String detail, Throwable cause) {
        return new RestFault(SourceFault.BAD_ANSWER, "not valid Spark REST JSON from " + r.url() + ": "
                + Texts.bounded(Texts.firstLine(detail), 200), cause);
    }

    static RestFault notSparkApi(HttpResult r) {
        return new RestFault(SourceFault.BAD_ANSWER, r.requested() + " is not a Spark REST API (HTTP 404); point sparkdoc at a driver UI "
                + "(host:4040), a History Server (host:18080) or a YARN proxy URL (http://rm:8088/proxy/<application id>/)");
    }

    /** ": <first line of the body>" for a short text body, the page title for HTML, else "". */
    static String bodyNote(HttpResult r) {
        String line;
        if (r.looksLikeHtml()) {
            Matcher m = TITLE.matcher(r.body());
            line = m.find() ? m.group(1) : "";
        } else {
            line = Texts.firstLine(r.body());
        }
        line = Texts.bounded(line.strip(), BODY_CHARS);
        return line.isEmpty() ? "" : ": " + line;
    }

    static String origin(HttpUrl url) {
        return url.scheme() + "://" + (url.host().contains(":") ? "[" + url.host() + "]" : url.host()) + ":" + url.port();
    }

    /** Three times the timeout, as {@code --timeout} takes it: whole seconds. */
    static long timeoutOption(Duration timeout) {
        return Math.max(1, (timeout.toMillis() * 3 + 999) / 1000);
    }

    static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    private static boolean refused(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException && String.valueOf(t.getMessage()).toLowerCase().contains("refused")) {
                return true;
            }
        }
        return e instanceof ConnectException && String.valueOf(e.getMessage()).startsWith("Failed to connect");
    }

    private static boolean certificateProblem(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.security.cert.CertificateException
                    || t instanceof java.security.cert.CertPathValidatorException
                    || String.valueOf(t.getMessage()).contains("PKIX")) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
