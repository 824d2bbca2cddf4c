package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTPS with a self-signed certificate for "localhost" (made with the JDK's keytool). */
class TlsTest {

    private static final String ID = "app-20261129133113-0001";
    private static final String APP = MiniSpark.liveApp(ID, "etl", "2026-11-29T13:31:13.000GMT");

    @TempDir
    static Path dir;
    private static SSLContext serverTls;
    private static Path caPem;

    private final MockWebServer server = new MockWebServer();

    @BeforeAll
    static void makeCertificate() throws Exception {
        Path keystore = dir.resolve("server.p12");
        caPem = dir.resolve("ca.pem");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost", "-keystore", keystore.toString(),
                "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit");
        keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", keystore.toString(), "-storepass", "changeit",
                "-file", caPem.toString());
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, "changeit".toCharArray());
        serverTls = SSLContext.getInstance("TLS");
        serverTls.init(keys.getKeyManagers(), null, null);
    }

    @BeforeEach
    void start() throws Exception {
        RoutingDispatcher spark = new RoutingDispatcher().route("/api/v1/applications", () -> json(MiniSpark.list(APP)));
        MiniSpark.emptyApp(spark, "", ID, APP);
        server.setDispatcher(spark);
        server.useHttps(serverTls.getSocketFactory());
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void untrustedCertificateSuggestsCacertOrInsecure() {
        assertThatThrownBy(() -> read("localhost", options(false, Optional.empty())))
                .hasMessage("TLS certificate of https://localhost:" + server.getPort() + " is not trusted (unknown or"
                        + " self-signed issuer); pass the CA with --cacert FILE, or --insecure to skip the check");
    }

    @Test
    void plainHttpToTheTlsPortSaysToUseHttps() {
        Target plain = new Target.Http(URI.create("http://localhost:" + server.getPort() + "/"));

        assertThatThrownBy(() -> {
            try (RestSource source = new RestSource(plain, AppSelector.ANY, options(false, Optional.empty()))) {
                source.read();
            }
        }).hasMessage("http://localhost:" + server.getPort() + " speaks HTTPS, not plain HTTP (spark.ssl.ui.enabled): use https://localhost:"
                + server.getPort() + "/");
    }

    @Test
    void cacertMakesTheCertificateTrusted() {
        assertThat(read("localhost", options(false, Optional.of(caPem)))).isEqualTo(ID);
    }

    @Test
    void cacertStillChecksTheHostName() {
        assertThatThrownBy(() -> read("127.0.0.1", options(false, Optional.of(caPem))))
                .hasMessageStartingWith("TLS certificate of https://127.0.0.1:" + server.getPort()
                        + " does not match the host name '127.0.0.1'");
    }

    @Test
    void insecureAcceptsAnyCertificateAndHostName() {
        assertThat(read("127.0.0.1", options(true, Optional.empty()))).isEqualTo(ID);
    }

    @Test
    void aCacertFileWithoutCertificatesIsReported() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.pem"), "not a certificate\n");

        assertThatThrownBy(() -> read("localhost", options(false, Optional.of(empty))))
                .hasMessageContaining("--cacert " + empty);
    }

    private String read(String host, HttpOptions options) {
        Target target = new Target.Http(URI.create("https://" + host + ":" + server.getPort() + "/"));
        try (RestSource source = new RestSource(target, AppSelector.ANY, options)) {
            return source.read().application().id();
        }
    }

    private static HttpOptions options(boolean insecure, Optional<Path> ca) {
        // long enough for a TLS handshake on a loaded single core; the faults asserted here fail at once
        return new HttpOptions(List.of(), Optional.empty(), insecure, ca, Duration.ofSeconds(30));
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
    }
}
