package dev.sparkdoc.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real event log (the skewed join, Spark 4.0.1) with the secret {@link #SECRET} put where
 * applications leak secrets: Spark properties (S3A key, SSL keystore password, the authentication
 * secret, a JDBC URL with a password), a job and SQL description holding a JDBC URL, a bearer
 * token and a URL with a password.
 */
public final class SecretLogs {

    public static final String SECRET = "S3CR3T";

    static final String PROPERTIES = "\"spark.hadoop.fs.s3a.secret.key\":\"S3CR3T\",\"spark.ssl.keyStorePassword\":\"S3CR3T\","
            + "\"spark.authenticate.secret\":\"S3CR3T\",\"spark.myapp.db.url\":\"jdbc:postgresql://db:5432/x?user=u&password=S3CR3T\","
            + "\"spark.myapp.endpoint\":\"https://u:S3CR3T@api.example.com/v1\",";
    static final String DESCRIPTION = "SELECT * FROM orders -- from jdbc:mysql://db/x?user=u&password=S3CR3T "
            + "via https://u:S3CR3T@proxy/ with Authorization: Bearer S3CR3T and token='S3CR3T'";

    private SecretLogs() {
    }

    public static Path write(Path dir) {
        try {
            String log = Files.readString(HostileLogs.SOURCE)
                    .replace("\"Spark Properties\":{", "\"Spark Properties\":{" + PROPERTIES)
                    .replace("\"description\":\"skewed join\"", "\"description\":" + HostileLogs.json(DESCRIPTION))
                    .replace("\"spark.job.description\":\"skewed join\"", "\"spark.job.description\":" + HostileLogs.json(DESCRIPTION));
            if (!log.contains(SECRET)) {
                throw new IllegalStateException("the source log changed: no secret was planted");
            }
            Path file = dir.resolve("local-1795967353438");
            Files.writeString(file, log);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
