package dev.sparkdoc.cli;

import static dev.sparkdoc.testing.SecretLogs.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.testing.SecretLogs;
import dev.sparkdoc.tui.AttachLog;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets in properties, descriptions, SQL text, URLs and HTTP credentials, through every output
 * path: none of them ever shows the secret. (Process command lines: {@code proc.RedactedOutputTest}
 * and {@code proc.SecretArgumentsPsTest}; the TUI: {@code tui.SecretsTuiTest}.)
 */
class SecretsEverywhereTest {

    @TempDir
    Path dir;

    @Test
    void triageTextAndJsonNeverShowTheSecret() {
        Path log = SecretLogs.write(dir);
        for (List<String> args : List.of(List.of("triage", "--all", "--no-color"), List.of("triage", "--all", "--json"))) {
            List<String> all = new java.util.ArrayList<>(args);
            all.add(log.toString());
            CliRun run = CliRun.of(all.toArray(String[]::new));
            assertThat(run.out()).as(args.toString()).contains("SELECT * FROM orders").doesNotContain(SECRET);
            assertThat(run.err()).doesNotContain(SECRET);
        }
    }

    @Test
    void snapshotFileAndStdoutNeverHoldTheSecretButKeepTheKeys() throws IOException {
        Path log = SecretLogs.write(dir);
        Path out = dir.resolve("snap.json");
        CliRun toFile = CliRun.of("snapshot", log.toString(), "-o", out.toString());
        CliRun toStdout = CliRun.of("snapshot", log.toString());

        String file = Files.readString(out);
        assertThat(file).contains("spark.hadoop.fs.s3a.secret.key", "spark.myapp.db.url", Redaction.REDACTED, "user=u")
                .doesNotContain(SECRET);
        assertThat(toStdout.out()).contains("spark.ssl.keyStorePassword").doesNotContain(SECRET);
        assertThat(toFile.err() + toStdout.err()).doesNotContain(SECRET);
        // and reading the snapshot back gives a report without it, too
        assertThat(CliRun.of("triage", "--all", "--json", out.toString()).out()).doesNotContain(SECRET);
    }

    @Test
    void diffNeverShowsTheSecret() {
        Path log = SecretLogs.write(dir);
        CliRun text = CliRun.of("diff", "--all", "--no-color", HostileBaseline.plain().toString(), log.toString());
        CliRun json = CliRun.of("diff", "--all", "--json", HostileBaseline.plain().toString(), log.toString());

        assertThat(text.out() + text.err() + json.out() + json.err()).doesNotContain(SECRET);
        assertThat(json.out()).contains("spark.authenticate.secret");
    }

    @Test
    void explainTextAndJsonNeverShowThePastedSecrets() throws IOException {
        Path log = Files.writeString(dir.resolve("driver.log"), String.join("\n",
                "24/11/29 10:15:00 INFO Client: connecting with password=hunter2 to https://bob:s3cret@host/x",
                "24/11/29 10:15:01 ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)",
                "java.lang.IllegalStateException: login failed: password=hunter2 for https://bob:s3cret@host/x"
                        + " (Authorization: Bearer abc.def.ghi)",
                "\tat com.acme.Load.connect(Load.java:42)",
                "\tat org.apache.spark.rdd.RDD.iterator(RDD.scala:329)",
                ""));
        for (List<String> args : List.of(List.of("explain"), List.of("explain", "--json"))) {
            List<String> all = new java.util.ArrayList<>(args);
            all.add(log.toString());
            CliRun run = CliRun.of(all.toArray(String[]::new));
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
            assertThat(run.out()).as(args.toString()).contains("IllegalStateException", "https://bob:", "Load.java:42")
                    .doesNotContain("hunter2", "s3cret", "abc.def.ghi");
            assertThat(run.err()).doesNotContain("hunter2", "s3cret", "abc.def.ghi");
        }
    }

    @Test
    void errorsOfAnUnreachableTargetNeverShowHeaderUserOrUrlCredentials() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        for (String verbose : List.of("--timeout=2", "--verbose")) {
            CliRun run = CliRun.of("triage", verbose, "--header", "Authorization: Bearer " + SECRET, "--user", "u:" + SECRET,
                    "http://u:" + SECRET + "@127.0.0.1:" + port);
            assertThat(run.exitCode()).isNotZero();
            assertThat(run.err()).startsWith("sparkdoc: ").doesNotContain(SECRET);
            assertThat(run.out()).doesNotContain(SECRET);
        }
    }

    @Test
    void theAttachLogNeverHoldsTheSecret() throws IOException {
        AttachLog log = new AttachLog(dir.resolve("attach.log"));
        log.info("poll failed: http://u:" + SECRET + "@driver:4040/api/v1/applications");
        log.error("read failed", new IllegalStateException("Authorization: Bearer " + SECRET + " rejected; password=" + SECRET));

        assertThat(Files.readString(log.file())).contains("poll failed", "read failed").doesNotContain(SECRET);
    }

    @Test
    void strayLibraryOutputDuringTheLiveViewReachesTheAttachLogRedacted() throws Exception {
        Path file = dir.resolve("attach.log");
        var ctor = Class.forName("dev.sparkdoc.redact.RedactingStream").getDeclaredConstructor(java.io.OutputStream.class);
        ctor.setAccessible(true);
        try (var stream = new java.io.PrintStream((java.io.OutputStream) ctor.newInstance(Files.newOutputStream(file)), true)) {
            stream.println("WARN okhttp: retrying http://u:" + SECRET + "@driver:4040/api/v1/applications");
            stream.print("no newline at the end, token=" + SECRET);
        }
        assertThat(Files.readString(file)).contains("retrying http://u:", "no newline").doesNotContain(SECRET);
    }

    @Test
    void freeTextPairsUrlsAndBearerTokensAreRedactedAndRedactionIsIdempotent() {
        String once = Redaction.text("jdbc:x://h/db?user=u&password=S3CR3T; AWS_SECRET_ACCESS_KEY=S3CR3T "
                + "\"apiKey\": \"S3CR3T\" https://u:S3CR3T@h/ Bearer S3CR3T");
        assertThat(once).doesNotContain(SECRET).contains("user=u", "https://u:", "Bearer ");
        assertThat(Redaction.text(once)).isEqualTo(once);
        assertThat(Redaction.text("nothing secret here: x=1")).isEqualTo("nothing secret here: x=1");
    }

    @Test
    void redactingAMegabyteLongWordStaysFast() {
        String blob = "SELECT '" + "QUJDRA".repeat(400_000) + "' AS b, x://" + "h".repeat(200_000) + " password=" + SECRET;
        long start = System.nanoTime();
        String out = Redaction.text(blob);
        assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofSeconds(2));
        assertThat(out).doesNotContain(SECRET);
    }

    @Test
    void aUserPatternHidesWhatTheBuiltInOnesDoNotKnow() {
        Optional<Pattern> user = Redaction.userPattern("ACME-[0-9]{6}");
        assertThat(Redaction.text("customer ACME-123456 failed", user)).isEqualTo("customer " + Redaction.REDACTED + " failed");
        assertThat(Redaction.userPattern("(broken")).get().satisfies(p -> assertThat(p.matcher("anything").matches()).isTrue());
        assertThat(Redaction.userPattern(" ")).isEmpty();
    }
}
