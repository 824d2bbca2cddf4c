package dev.sparkdoc.spark;

import java.net.URI;
import java.nio.file.Path;
import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import org.apache.spark.deploy.history.FsHistoryProvider;
import org.apache.spark.deploy.history.HistoryServer;
import org.apache.spark.deploy.history.HistoryServer$;

/**
 * Spark's own History Server inside the test JVM, over a folder of event logs, the way Spark's
 * {@code HistoryServerSuite} starts it. It needs no SparkContext, so it may run while no
 * {@link LocalSpark} does; keep the two in different test classes all the same.
 *
 * <pre>{@code
 * try (LocalHistoryServer shs = LocalHistoryServer.start(logDir)) {
 *     URI url = shs.url();   // http://127.0.0.1:<port>/
 * }
 * }</pre>
 */
public final class LocalHistoryServer implements AutoCloseable {

    private final FsHistoryProvider provider;
    private final HistoryServer server;

    private LocalHistoryServer(FsHistoryProvider provider, HistoryServer server) {
        this.provider = provider;
        this.server = server;
    }

    /**
     * Serves the logs in {@code logDir} (already listed when this returns) on a free port. No
     * {@code spark.history.store.path}: the listing and replayed applications stay in memory.
     */
    public static LocalHistoryServer start(Path logDir) {
        SparkConf conf = new SparkConf()
                .set("spark.history.fs.logDirectory", logDir.toUri().toString())
                // The listing is made below with checkForLogs(); no background rescans while a test reads.
                .set("spark.history.fs.update.interval", "1d")
                .set("spark.ui.enabled", "true");
        FsHistoryProvider provider = new FsHistoryProvider(conf);
        provider.checkForLogs();
        SecurityManager security = HistoryServer$.MODULE$.createSecurityManager(conf);
        // Port 0: Jetty picks a free one, read back with boundPort() (no race with another process).
        HistoryServer server = new HistoryServer(conf, provider, security, 0);
        server.bind();
        return new LocalHistoryServer(provider, server);
    }

    /** The server's base URL, ending in "/". */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.boundPort() + "/");
    }

    @Override
    public void close() {
        server.stop();
        provider.stop();
    }
}
