package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A streaming query's micro-batches are one code site: a stage rule firing on each is one finding. */
class MicroBatchGroupsTest {

    /** MicroBatchExecution's job description, which the SQL execution of the batch takes too. */
    private static String batch(int n) {
        return "\"behind\nid = 6e53e7a3-ecce-43bc-977e-ee0409e2db12\nrunId = 84242ebb-3a28-45c0-8895-480621408da9\nbatch = " + n + "\"";
    }

    @Test
    void theMicroBatchesOfOneQueryRunAreOneSite() {
        assertThat(FindingGroups.site(batch(4))).isEqualTo(FindingGroups.site(batch(5))).isEqualTo(FindingGroups.site(batch(1234)));
    }

    @Test
    void twoQueriesAreTwoSites() {
        String other = batch(4).replace("behind", "counts").replace("6e53e7a3-ecce", "1f00aa00-b0b0");
        assertThat(FindingGroups.site(other)).isNotEqualTo(FindingGroups.site(batch(4)));
    }
}
