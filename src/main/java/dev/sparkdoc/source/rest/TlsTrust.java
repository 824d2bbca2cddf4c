package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** The two non-default TLS trust setups: a user's CA file ({@code --cacert}) and {@code --insecure}. */
final class TlsTrust {

    private TlsTrust() {
    }

    record Setup(SSLSocketFactory socketFactory, X509TrustManager trustManager) {
    }

    /** Trusts only the CA certificates in a PEM (or DER) file, like curl's {@code --cacert}. */
    static Setup fromCaFile(Path caFile) {
        try (InputStream in = Files.newInputStream(caFile)) {
            Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certs.isEmpty()) {
                throw new SourceException("no certificate found in --cacert " + caFile + " (expected PEM: -----BEGIN CERTIFICATE-----)");
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate cert : certs) {
                store.setCertificateEntry("ca-" + i++, cert);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            X509TrustManager manager = (X509TrustManager) factory.getTrustManagers()[0];
            return setup(manager);
        } catch (IOException e) {
            throw new SourceException("cannot read --cacert " + caFile + ": " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new SourceException("--cacert " + caFile + " holds no readable certificate (" + e.getMessage() + ")", e);
        }
    }

    /** Accepts every certificate: for self-signed test clusters, at the user's explicit request. */
    static Setup trustAll() {
        return setup(new TrustAllManager());
    }

    private static Setup setup(X509TrustManager manager) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {manager}, new SecureRandom());
            return new Setup(context.getSocketFactory(), manager);
        } catch (GeneralSecurityException e) {
            throw new SourceException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static final class TrustAllManager implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
