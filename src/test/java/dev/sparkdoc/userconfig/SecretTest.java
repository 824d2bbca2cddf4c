package dev.sparkdoc.userconfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretTest {

    @Test
    void anEnvironmentVariableIsReadAndDescribedWithoutItsValue() {
        Secret s = new Secret.Env("PW");
        assertThat(s.value(Map.of("PW", "s3cret"))).isEqualTo("s3cret");
        assertThat(s.describe(Map.of("PW", "s3cret"))).isEqualTo("from environment variable PW (set)");
        assertThat(s.describe(Map.of())).isEqualTo("from environment variable PW (not set)");
        assertThatThrownBy(() -> s.value(Map.of())).hasMessage("the environment variable PW is not set: export it, or change the config");
    }

    @Test
    void aCommandsOutputIsTheSecretWithTheEnvironmentGiven() {
        Secret s = new Secret.Command("printf '%s\\n' \"tok-$TEAM\"");
        assertThat(s.value(Map.of("TEAM", "data", "PATH", "/usr/bin:/bin"))).isEqualTo("tok-data");
    }

    @Test
    void aFailingCommandIsNamedRedactedAndItsOutputNeverShown() {
        Secret failing = new Secret.Command("echo password=hunter2; exit 3");
        assertThatThrownBy(() -> failing.value(Map.of("PATH", "/usr/bin:/bin")))
                .hasMessageContaining("failed (exit 3): run it yourself to see why")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> new Secret.Command("true").value(Map.of("PATH", "/usr/bin:/bin")))
                .hasMessageEndingWith("printed nothing: it should print the secret");
    }
}
