package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class DiskRulesTest {

    private static final String NO_SPACE = "disk.no-space";

    private static Snapshots failingWith(String message) {
        return Snapshots.app().stage(stage(15).tasks(100, 96).failed(4).status(StageStatus.FAILED)
                .failure("ExceptionFailure", "java.io.IOException", message,
                        message + "\n\tat org.apache.spark.storage.DiskBlockObjectWriter.commitAndGet(DiskBlockObjectWriter.scala:183)",
                        4, "3"));
    }

    @Test
    void noSpaceLeftOnDeviceIsCritical() {
        Finding f = fires(failingWith("java.io.IOException: No space left on device").conf("spark.sql.shuffle.partitions", "100"), NO_SPACE, "15.0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Stage 15: no space left on device (executor 3 on host-3)");
        assertThat(f.secondsLost()).isEqualTo(30.0);
        assertThat(evidence(f, "stage.failures.diskFull")).isEqualTo(4.0);
        assertThat(conf(f, "spark.sql.shuffle.partitions")).isEqualTo("200");
    }

    @Test
    void otherIoErrorsAreNotADiskProblem() {
        // an error during execution, not a full disk
        fires(failingWith("java.io.IOException: Connection reset by peer"), "errors-during.task-failures", "15.0");
    }
}
