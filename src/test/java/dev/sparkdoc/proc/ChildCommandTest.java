package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChildCommandTest {

    @Test
    void aCommandThatEndsGivesItsExitCodeAndItsOutputUpToTheBound() throws Exception {
        ChildCommand.Ran ran = new ChildCommand(List.of("sh", "-c", "printf 'abcdef'; echo oops >&2; exit 3"), env -> { }, false,
                Duration.ofSeconds(30), 4).run().orElseThrow();
        assertThat(ran.exitCode()).isEqualTo(3);
        assertThat(ran.output()).isEqualTo("abcd");

        ChildCommand.Ran merged = new ChildCommand(List.of("sh", "-c", "echo \"$GREETING\" >&2"), env -> env.put("GREETING", "hi"), true,
                Duration.ofSeconds(30), 100).run().orElseThrow();
        assertThat(merged.output()).isEqualTo("hi\n");

        ChildCommand.Ran read = new ChildCommand(List.of("cat"), env -> { }, "given text", false, Duration.ofSeconds(30), 100)
                .run().orElseThrow();
        assertThat(read.output()).isEqualTo("given text");
    }

    @Test
    void aCommandThatHangsWithItsOutputOpenEndsAtTheTimeoutAndIsKilled() throws Exception {
        // it has printed, so a read-then-wait would block on its open output until it ended by itself
        ChildCommand hanging = new ChildCommand(List.of("sh", "-c", "echo started; exec sleep 120"), env -> { }, false,
                Duration.ofMillis(300), 1000);
        assertThat(hanging.run()).isEmpty();
    }
}
