package dev.sparkdoc.cli;

import static dev.sparkdoc.testing.HostileLogs.hasControl;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.spark.LocalHistoryServer;
import dev.sparkdoc.testing.HostileLogs;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.SecretLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fleet mode over Spark's own History Server holding a hostile and a secret-leaking application. */
@RealSpark
class HostileFleetTest {

    @TempDir
    Path logs;

    @TempDir
    Path work;

    @Test
    void theFleetTableIsCleanKeepsItsColumnsAndHidesSecrets() throws IOException {
        Files.move(HostileLogs.write(work), logs.resolve("local-1795967353438"));
        Path secret = SecretLogs.write(work);
        Files.writeString(logs.resolve("local-1795967353439"), Files.readString(secret).replace("local-1795967353438", "local-1795967353439"));
        try (LocalHistoryServer shs = LocalHistoryServer.start(logs)) {
            CliRun text = CliRun.of("triage", shs.url().toString(), "--all-apps", "--no-color");
            CliRun json = CliRun.of("triage", shs.url().toString(), "--all-apps", "--json");

            assertThat(text.out()).contains("local-1795967353438", "local-1795967353439", "evil app");
            assertThat(hasControl(text.out() + text.err())).as(text.out()).isFalse();
            assertThat(text.out().lines()).allSatisfy(l -> assertThat(SafeText.width(l)).as(l).isLessThanOrEqualTo(80));
            assertThat(hasControl(json.out())).isFalse();
            assertThat(text.out() + text.err() + json.out() + json.err()).doesNotContain(SecretLogs.SECRET);
        }
    }
}
