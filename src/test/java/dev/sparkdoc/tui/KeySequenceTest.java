package dev.sparkdoc.tui;

import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.Snapshots;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Key sequences on a state give the expected pane, selection, sort, filter and effects. */
class KeySequenceTest {

    private final UiState live = TuiFixtures.live(TuiFixtures.liveCluster(Snapshots.T0.plusSeconds(300)), 80, 24);
    private final UiState still = TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 24);

    @Test
    void tabShiftTabAndDigitsMoveBetweenPanes() {
        assertThat(keys(live, "\t").pane()).isEqualTo(Pane.STAGES);
        assertThat(keys(live, "\t\t\t\t").pane()).isEqualTo(Pane.FINDINGS);
        assertThat(apply(live, KeyInput.of(KeyInput.Kind.BACK_TAB)).pane()).isEqualTo(Pane.PROCESSES);
        assertThat(keys(live, "3").pane()).isEqualTo(Pane.EXECUTORS);
        assertThat(keys(live, "4").pane()).isEqualTo(Pane.PROCESSES);
    }

    @Test
    void jkAndArrowsMoveTheSelectionWithinTheRows() {
        UiState s = keys(live, "3jjj");
        assertThat(Rows.selected(s, Pane.EXECUTORS)).isEqualTo(3);
        assertThat(Rows.selected(keys(s, "jjjjjjjj"), Pane.EXECUTORS)).isEqualTo(4);   // 5 executors: stops at the last
        assertThat(Rows.selected(apply(s, KeyInput.of(KeyInput.Kind.UP)), Pane.EXECUTORS)).isEqualTo(2);
        assertThat(Rows.selected(keys(s, "g"), Pane.EXECUTORS)).isZero();
        assertThat(Rows.selected(keys(s, "G"), Pane.EXECUTORS)).isEqualTo(4);
    }

    @Test
    void selectionIsKeptPerPane() {
        UiState s = keys(live, "3jj2j3");
        assertThat(s.pane()).isEqualTo(Pane.EXECUTORS);
        assertThat(Rows.selected(s, Pane.EXECUTORS)).isEqualTo(2);
        assertThat(Rows.selected(s, Pane.STAGES)).isEqualTo(1);
    }

    @Test
    void enterOpensTheSelectedFindingAndEscOrBGoesBack() {
        UiState opened = keys(still, "\n");
        assertThat(opened.drill()).get().extracting(Drill::pane, Drill::key)
                .containsExactly(Pane.FINDINGS, "skew.stage-task-time@4.0");
        assertThat(keys(opened, "\u001b").drill()).isEmpty();
        assertThat(keys(opened, "b").drill()).isEmpty();
    }

    @Test
    void enterOnTheStagesPaneOpensTheSelectedStageAndJScrollsIt() {
        UiState opened = keys(still, "2j\n");
        assertThat(opened.drill()).get().extracting(Drill::key).isEqualTo(Rows.stages(still).get(1).key());
        UiState tall = keys(TuiFixtures.still(TuiFixtures.SKEWED_JOIN, 80, 12), "2\njjj");
        assertThat(tall.drill().get().cursor()).isEqualTo(3);
        assertThat(keys(tall, "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjj").drill().get().cursor())
                .isEqualTo(StageDetailView.maxScroll(tall)).isLessThan(30);
    }

    @Test
    void sCyclesTheSortOfTheCurrentPaneOnly() {
        UiState s = keys(live, "3s");
        assertThat(Rows.sortName(Pane.EXECUTORS, s.sort(Pane.EXECUTORS))).isEqualTo("failed tasks");
        assertThat(Rows.executors(s).get(0).id()).isEqualTo("2");
        assertThat(s.sort(Pane.STAGES)).isZero();
        assertThat(keys(s, "ssss").sort(Pane.EXECUTORS)).isZero();   // five orders, back to the first
    }

    @Test
    void slashFiltersRowsEnterKeepsItEscClearsIt() {
        UiState typing = keys(live, "3/host-4");
        assertThat(typing.editingFilter()).isTrue();
        assertThat(Rows.executors(typing)).extracting(e -> e.id()).containsExactly("4");
        assertThat(typing.pane()).isEqualTo(Pane.EXECUTORS);   // digits and letters went into the filter
        UiState kept = keys(typing, "\n");
        assertThat(kept.editingFilter()).isFalse();
        assertThat(kept.filter()).isEqualTo("host-4");
        assertThat(keys(kept, "j").filter()).isEqualTo("host-4");
        assertThat(keys(kept, "b").filter()).isEmpty();
        assertThat(keys(typing, "\u001b").filter()).isEmpty();
        assertThat(keys(typing, "\u007f\u007f").filter()).isEqualTo("host");
    }

    @Test
    void cCopiesTheSelectedFixConfAsOsc52AndShowsIt() {
        // the join finding, its first fix (the simplest first: a setting)
        Update.Step step = Update.apply(keys(still, "j\n"), new UiEvent.Pressed(KeyInput.ch('c')));

        assertThat(step.state().copy()).get().extracting(CopyBox::lines).asList()
                .containsExactly("--conf spark.sql.autoBroadcastJoinThreshold=10m");
        assertThat(step.effects()).containsExactly(new Effect.Copy("--conf spark.sql.autoBroadcastJoinThreshold=10m"));
        String osc = new String(Osc52.sequence("--conf a=b"), StandardCharsets.US_ASCII);
        assertThat(osc).isEqualTo("\u001b]52;c;" + Base64.getEncoder().encodeToString("--conf a=b".getBytes(StandardCharsets.UTF_8)) + "\u0007");
        assertThat(keys(step.state(), "x").copy()).isEmpty();   // any key closes the box
    }

    @Test
    void cOnTheListCopiesTheFirstFixThatHasConfig() {
        // one hot key: no setting fixes the skew finding (salting is code), so there is nothing to copy
        Update.Step skew = Update.apply(still, new UiEvent.Pressed(KeyInput.ch('c')));
        assertThat(skew.effects()).isEmpty();
        assertThat(skew.state().copy()).get().extracting(CopyBox::title).isEqualTo("Nothing to copy");
        Update.Step join = Update.apply(keys(still, "j"), new UiEvent.Pressed(KeyInput.ch('c')));
        assertThat(join.effects()).containsExactly(new Effect.Copy("--conf spark.sql.autoBroadcastJoinThreshold=10m"));
    }

    @Test
    void pausePlusMinusAndRefreshAskThePollerOnLiveTargetsOnly() {
        assertThat(Update.apply(live, new UiEvent.Pressed(KeyInput.ch('p'))).effects()).containsExactly(new Effect.SetPaused(true));
        assertThat(keys(live, "p").poll().paused()).isTrue();
        assertThat(keys(live, "pp").poll().paused()).isFalse();
        assertThat(Update.apply(live, new UiEvent.Pressed(KeyInput.ch('+'))).effects())
                .containsExactly(new Effect.SetInterval(Duration.ofSeconds(5)));
        assertThat(keys(live, "--").poll().interval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(keys(live, "++++++").poll().interval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(Update.apply(live, new UiEvent.Pressed(KeyInput.ch('r'))).effects()).containsExactly(new Effect.RefreshNow());
        assertThat(Update.apply(still, new UiEvent.Pressed(KeyInput.ch('r'))).effects()).isEmpty();
        assertThat(Update.apply(still, new UiEvent.Pressed(KeyInput.ch('p'))).effects()).isEmpty();
    }

    @Test
    void questionMarkOpensHelpAndAnyKeyClosesIt() {
        assertThat(keys(live, "?").help()).isTrue();
        assertThat(keys(live, "?j").help()).isFalse();
        assertThat(keys(live, "?j").pane()).isEqualTo(Pane.FINDINGS);
    }

    @Test
    void qAndCtrlCQuitFromAnywhere() {
        assertThat(keys(live, "q").quit()).isTrue();
        assertThat(keys(live, "?q").quit()).isTrue();
        assertThat(apply(keys(live, "/abc"), KeyInput.ctrl('c')).quit()).isTrue();
        assertThat(Update.apply(live, new UiEvent.Pressed(KeyInput.ctrl('c'))).effects()).containsExactly(new Effect.Quit());
        assertThat(keys(live, "/q").quit()).isFalse();   // typing a filter
    }

    @Test
    void failedPollsKeepTheLastPictureAndRecordSinceWhen() {
        var t1 = live.now().plusSeconds(5);
        UiState failed = Update.apply(live, new UiEvent.FetchFailed("driver unreachable", "driver not reachable", t1, Duration.ofSeconds(4))).state();
        UiState again = Update.apply(failed, new UiEvent.FetchFailed("driver unreachable", "driver not reachable", t1.plusSeconds(4), Duration.ofSeconds(8))).state();

        assertThat(again.diagnosis()).isEqualTo(live.diagnosis());
        assertThat(again.poll().failingSince()).contains(t1);
        assertThat(again.poll().effective()).isEqualTo(Duration.ofSeconds(8));
        String header = TextBackend.text(Views.render(again.withNow(t1.plusSeconds(9))));
        assertThat(header).contains("driver unreachable since", "(9s); last picture from");
    }

    @Test
    void everyActionHasAKeyAndNoKeyIsBoundTwice() {
        var all = java.util.Arrays.stream(Action.values()).flatMap(a -> a.bindings().stream()).toList();
        assertThat(all).doesNotHaveDuplicates();
        assertThat(Action.values()).allMatch(a -> !a.bindings().isEmpty() && !a.help().isBlank());
        assertThat(Action.BACK.bindings()).contains(KeyInput.ch('b'));   // tmux delays a bare Esc
    }

    private static UiState apply(UiState s, KeyInput key) {
        return Update.apply(s, new UiEvent.Pressed(key)).state();
    }
}
