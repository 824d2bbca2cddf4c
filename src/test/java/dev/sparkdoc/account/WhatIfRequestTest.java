package dev.sparkdoc.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class WhatIfRequestTest {

    @Test
    void executorsAloneKeepTheApplicationsCores() {
        assertThat(WhatIfRequest.parse("executors=4")).isEqualTo(new WhatIfRequest(4, Optional.empty()));
        assertThat(WhatIfRequest.parse(" executors=2, cores=8 ")).isEqualTo(new WhatIfRequest(2, Optional.of(8)));
    }

    @Test
    void nonsenseIsOneLineNamingTheForm() {
        for (String bad : new String[] {"", "cores=4", "executors=0", "executors=two", "executors=2,memory=4g", "4"}) {
            assertThatThrownBy(() -> WhatIfRequest.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("write executors=N or executors=N,cores=C")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }
}
