package dev.sparkdoc.source.rest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An old-style proxy: one request per connection. It reads a request, fetches it from the
 * upstream server, answers {@code HTTP/1.0} with a Content-Length and no keep-alive, and closes
 * the connection, as HTTP/1.0 allows (RFC 9112 §9.3: an HTTP/1.0 connection is persistent only
 * when the answer says {@code Connection: keep-alive}).
 */
final class Http10Proxy implements AutoCloseable {

    private final URI upstream;
    private final ServerSocket server;
    private final ExecutorService handlers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "http10-proxy");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong forwarded = new AtomicLong();

    /** @param upstream the server behind the proxy, e.g. {@code http://127.0.0.1:4040} */
    Http10Proxy(URI upstream) {
        this.upstream = upstream;
        try {
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        handlers.execute(this::accept);
    }

    /** The proxy's root, as a user would give it to sparkdoc. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
    }

    /** Requests passed to the upstream server so far. */
    long forwarded() {
        return forwarded.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                handlers.execute(() -> serve(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            String target = requestTarget(client.getInputStream());
            if (target == null) {
                return; // the client closed without a request
            }
            forwarded.incrementAndGet();
            HttpURLConnection up = (HttpURLConnection) upstream.resolve(target).toURL().openConnection();
            up.setRequestProperty("Connection", "close");
            int code = up.getResponseCode();
            InputStream in = code >= 400 ? up.getErrorStream() : up.getInputStream();
            byte[] body = in == null ? new byte[0] : in.readAllBytes();
            String head = "HTTP/1.0 " + code + " " + (code < 400 ? "OK" : "Error") + "\r\n"
                    + "Content-Type: " + String.valueOf(up.getContentType()) + "\r\n"
                    + (up.getHeaderField("Date") == null ? "" : "Date: " + up.getHeaderField("Date") + "\r\n")
                    + "Content-Length: " + body.length + "\r\n\r\n";
            OutputStream out = client.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
        } catch (IOException e) {
            // a client that went away: nothing to answer
        }
    }

    /** The path and query of the request line; the headers are read and dropped. */
    private static String requestTarget(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while ((b = in.read()) != -1) {
            head.append((char) b);
            if (head.length() >= 4 && head.lastIndexOf("\r\n\r\n") == head.length() - 4) {
                String[] requestLine = head.substring(0, head.indexOf("\r\n")).split(" ");
                return requestLine.length >= 2 ? requestLine[1] : null;
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        handlers.shutdownNow();
    }
}
