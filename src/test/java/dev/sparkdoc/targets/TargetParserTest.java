package dev.sparkdoc.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetParserTest {

    @TempDir
    Path dir;

    @Test
    void hostAndPortIsADriverUi() {
        assertThat(TargetParser.parse("localhost:4040"))
                .isEqualTo(new Target.Http(java.net.URI.create("http://localhost:4040/")));
    }

    @Test
    void hostWithoutPortScansTheDriverUiPorts() {
        Target t = TargetParser.parse("edge-node-1");
        assertThat(t).isInstanceOf(Target.HostScan.class);
        assertThat(((Target.HostScan) t).ports()).containsExactly(4040, 4041, 4042, 4043, 4044, 4045);
        assertThat(t.display()).isEqualTo("edge-node-1:4040-4045");
    }

    @Test
    void urlKeepsItsPrefixAndGainsATrailingSlash() {
        Target t = TargetParser.parse("http://rm:8088/proxy/application_123_0001");
        assertThat(t).isEqualTo(new Target.Http(java.net.URI.create("http://rm:8088/proxy/application_123_0001/")));
    }

    @Test
    void pastedRestUrlIsCutBackToTheUiBase() {
        Target t = TargetParser.parse("https://shs.example.com:18480/api/v1/applications/app-1/jobs");
        assertThat(t).isEqualTo(new Target.Http(java.net.URI.create("https://shs.example.com:18480/")));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
            "http://host:4040/jobs/, http://host:4040/",
            "http://host:4040/stages/stage/?id=3&attempt=0, http://host:4040/",
            "http://host:4040/SQL/execution/?id=7, http://host:4040/",
            "http://host:4040/executors, http://host:4040/",
            "https://rm:8090/proxy/application_1700000000000_0042/jobs/, https://rm:8090/proxy/application_1700000000000_0042/",
            "http://gw:8443/gateway/default/yarn/proxy/application_1_0042/storage/rdd/?id=2, http://gw:8443/gateway/default/yarn/proxy/application_1_0042/"})
    void aPastedUiPageIsReadAsItsApplicationsRootAndSaidSo(String page, String root) {
        assertThat(TargetParser.parse(page)).isEqualTo(new Target.Http(java.net.URI.create(root)));
        assertThat(TargetParser.uiPageNote(page)).contains(page + " is a page of the Spark UI: reading the application at its root, " + root);
    }

    @Test
    void aUrlWithoutAUiPageHasNoNote() {
        assertThat(TargetParser.uiPageNote("http://rm:8088/proxy/application_123_0001/")).isEmpty();
        assertThat(TargetParser.uiPageNote("http://host:4040")).isEmpty();
        assertThat(TargetParser.uiPageNote("http://shs:18080/api/v1/applications/app-1/jobs")).isEmpty();
        assertThat(TargetParser.uiPageNote("localhost:4040")).isEmpty();
    }

    @Test
    void credentialsInAUrlNeverShowInItsDisplay() {
        Target t = TargetParser.parse("http://alice:s3cret@driver:4040");
        assertThat(t.display()).doesNotContain("s3cret").doesNotContain("alice").isEqualTo("http://driver:4040/");
    }

    @Test
    void ipv6HostWithPort() {
        assertThat(TargetParser.parse("[::1]:4041")).isEqualTo(new Target.Http(java.net.URI.create("http://[::1]:4041/")));
    }

    @Test
    void existingFileIsAnEventLogAndFolderIsARollingLog() throws IOException {
        Path log = Files.writeString(dir.resolve("local-1700000000000"), "{\"Event\":\"SparkListenerLogStart\"}\n");
        Path rolling = Files.createDirectory(dir.resolve("eventlog_v2_local-1"));
        assertThat(TargetParser.parse(log.toString())).isEqualTo(new Target.EventLog(log));
        assertThat(TargetParser.parse(rolling.toString())).isEqualTo(new Target.EventLog(rolling));
    }

    @Test
    void fileStartingWithTheSnapshotMarkerIsASnapshot() throws IOException {
        Path snap = Files.writeString(dir.resolve("snap.json"), "{\n  \"sparkdocSnapshot\" : 1,\n  \"tool\" : {}}");
        assertThat(TargetParser.parse(snap.toString())).isEqualTo(new Target.SnapshotFile(snap));
    }

    @Test
    void missingPathSaysSoInsteadOfTryingTheNetwork() {
        assertThatThrownBy(() -> TargetParser.parse(dir.resolve("nope/app-20240101120000-0001").toString()))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("no such file or folder");
        assertThatThrownBy(() -> TargetParser.parse("application_1700000000000_0042_1.lz4"))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("no such file or folder");
    }

    @Test
    void nonsenseIsRejectedWithTheExpectedForms() {
        assertThatThrownBy(() -> TargetParser.parse("what is this?"))
                .isInstanceOf(TargetException.class).hasMessageContaining("host:port");
        assertThatThrownBy(() -> TargetParser.parse("localhost:99999"))
                .isInstanceOf(TargetException.class).hasMessageContaining("port out of range");
        assertThatThrownBy(() -> TargetParser.parse("  "))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("empty target");
    }
}
