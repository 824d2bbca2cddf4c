package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Finding a UDF's call by its result id in an operator's text, as Spark 3.5 and 4.x print it. */
class UdfProfilesTest {

    @Test
    void theCallEndingInTheIdIsNamedEvenWithNestedArguments() {
        String detail = "BatchEvalPython [normalize_code(id#0L)#2L, clean(concat(a#1, b#12))#12], [pythonUDF0#6L, pythonUDF1#7]";

        assertThat(UdfProfiles.PlanCall.calledName(detail, 2)).contains("normalize_code");
        assertThat(UdfProfiles.PlanCall.calledName(detail, 12)).contains("clean");
    }

    @Test
    void anIdThatIsOnlyThePrefixOfAnotherOrNoCallsIdFindsNothing() {
        String detail = "ArrowEvalPython [to_upper(name#21)#23], [pythonUDF0#30], 200";

        assertThat(UdfProfiles.PlanCall.calledName(detail, 2)).isEmpty();
        assertThat(UdfProfiles.PlanCall.calledName(detail, 30)).isEmpty();
        assertThat(UdfProfiles.PlanCall.calledName(detail, 23)).contains("to_upper");
        assertThat(UdfProfiles.PlanCall.calledName("<lambda>(x#1)#4", 4)).contains("<lambda>");
    }
}
