package dev.sparkdoc.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FailureMessagesTest {

    @Test
    void gpuOomsWithTheirOwnBufferAreOneKind() {
        String a = "GPU OutOfMemory: could not split inputs and retry. The current attempt:"
                + " {HostMemoryBuffer{address=0x7efca0872010, length=729336131, id=4933}}";
        String b = "GPU OutOfMemory: could not split inputs and retry. The current attempt:"
                + " {HostMemoryBuffer{address=0x7fa888753010, length=730512027, id=5243}}";

        assertThat(FailureMessages.normalised(a)).isEqualTo(FailureMessages.normalised(b))
                .isEqualTo("GPU OutOfMemory: could not split inputs and retry. The current attempt:"
                        + " {HostMemoryBuffer{address=<hex>, length=<n>, id=<n>}}");
    }

    @Test
    void hostsPortsPathsAndUuidsAreRemoved() {
        String a = "Failed to connect to node-7.cluster.internal:7337 for /tmp/blockmgr-1f2e3d4c-aaaa-bbbb-cccc-0123456789ab/0c/shuffle_1_2_0.data";
        String b = "Failed to connect to node-12.cluster.internal:41234 for /tmp/blockmgr-99999999-aaaa-bbbb-cccc-0123456789ab/3f/shuffle_4_9_0.data";

        assertThat(FailureMessages.normalised(a)).isEqualTo(FailureMessages.normalised(b))
                .isEqualTo("Failed to connect to <host> for <path>");
        assertThat(FailureMessages.normalised("Connection refused: /10.0.0.12:7337"))
                .isEqualTo(FailureMessages.normalised("Connection refused: /10.0.0.200:40001"));
        assertThat(FailureMessages.normalised("job 1b4e28ba-2fa1-11d2-883f-0016d3cca427 lost"))
                .isEqualTo("job <uuid> lost");
    }

    @Test
    void differentErrorsStayApart() {
        assertThat(FailureMessages.normalised("/ by zero"))
                .isNotEqualTo(FailureMessages.normalised("Input path does not exist: s3a://b/x"));
        // digits inside names are part of the name
        assertThat(FailureMessages.normalised("S3AFileSystem failed; Log4j2 said 42"))
                .isEqualTo("S3AFileSystem failed; Log4j2 said <n>");
        assertThat(FailureMessages.normalised(null)).isEmpty();
    }

    @Test
    void hugeFirstLinesAreCutBeforeMatching() {
        String huge = "x".repeat(100_000) + " 12";
        assertThat(FailureMessages.normalised(huge)).hasSize(FailureMessages.MAX_CHARS);
    }
}
