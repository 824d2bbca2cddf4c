package dev.sparkdoc.source.rest;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.time.Duration;
import javax.net.ssl.SSLSocket;
import okhttp3.HttpUrl;

/**
 * Whether a port that broke a plain HTTP request speaks TLS: a Spark UI with
 * {@code spark.ssl.ui.enabled} answers "GET / HTTP/1.1" with a TLS alert record (bytes 15 03 ..)
 * or closes the connection, which reads as "not HTTP" or "closed mid-answer" when the fix is one
 * letter, {@code https://}.
 */
final class TlsProbe {

    private TlsProbe() {
    }

    /** A plain HTTP request that failed as one to a TLS port fails: with a TLS record for a status line, or no answer at all. */
    static boolean worthProbing(HttpUrl url, IOException e) {
        return !url.isHttps() && (e instanceof ProtocolException || RestClient.endOfStream(e) || e instanceof java.net.SocketException);
    }

    /** The status line OkHttp could not read began with a TLS record type: 0x15 (alert) or 0x16 (handshake). */
    static boolean tlsRecordInsteadOfHttp(IOException e) {
        String m = String.valueOf(e.getMessage());
        int at = m.indexOf("status line: ");
        if (at < 0 || m.length() < at + 15) {
            return false;
        }
        char type = m.charAt(at + 13);
        return (type == 0x15 || type == 0x16) && m.charAt(at + 14) == 0x03;
    }

    /** A TLS handshake with the port completes (any certificate accepted: only the protocol is asked). */
    static boolean speaksTls(HttpUrl url, Duration timeout) {
        int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(url.host(), url.port()), millis);
            plain.setSoTimeout(millis);
            try (SSLSocket tls = (SSLSocket) TlsTrust.trustAll().socketFactory().createSocket(plain, url.host(), url.port(), false)) {
                tls.startHandshake();
                return true;
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
