package dev.sparkdoc.signals;

import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.TimeAccount;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageTotals;

/**
 * How long a stage's tasks sat blocked fetching shuffle blocks. Spark's ShuffleBlockFetcherIterator
 * times each wait for the next block (the "Fetch Wait Time" task metric) inside the task's run
 * time: a reduce stage whose tasks spend most of their run there is bound by its executors'
 * disks, network or shuffle servers, not by its own code. The account's {@code fetchWait} part
 * holds the same milliseconds, less the failed attempts' share.
 */
final class FetchWait {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact WAIT = FACTS.ms("stage.fetchWait",
            "slot time the stage's successful task attempts sat blocked fetching shuffle blocks (the account's fetchWait part for this stage)");
    static final Fact SHARE = FACTS.fraction("stage.fetchWait.share",
            "shuffle fetch wait / the stage's task run time: the share of its work spent waiting for blocks");
    static final Fact SECONDS_LOST = FACTS.seconds("stage.fetchWait.secondsLost",
            "the stage's fetch wait spread over the slots it could use: how much sooner it would end with no wait");
    static final Fact READ_BYTES = FACTS.bytes("stage.shuffleRead.bytes", "shuffle bytes the stage's tasks read, local and remote");
    static final Fact REMOTE_BYTES = FACTS.bytes("stage.shuffleRead.remote", "shuffle bytes fetched from other executors over the network");
    static final Fact REMOTE_SHARE = FACTS.fraction("stage.shuffleRead.remoteShare",
            "remote shuffle bytes / all shuffle bytes read: what the network carried (the rest came from the executor's own disk)");

    private FetchWait() {
    }

    static void compute(AppContext ctx, Stage stage, FactSink sink) {
        StageTotals t = stage.totals();
        if (t.shuffleReadBytes() <= 0 && t.shuffleFetchWaitTimeMs() <= 0) {
            return;
        }
        double wait = TimeAccount.stageSlotMs(stage).getOrDefault(Cause.FETCH_WAIT, 0.0);
        sink.put(WAIT, wait)
                .put(SHARE, FactSink.ratio(wait, t.executorRunTimeMs()))
                .put(SECONDS_LOST, wait / ctx.slots(stage) / 1000.0)
                .put(READ_BYTES, t.shuffleReadBytes())
                .put(REMOTE_BYTES, t.shuffleRemoteBytesRead())
                .put(REMOTE_SHARE, FactSink.ratio(t.shuffleRemoteBytesRead(), t.shuffleReadBytes()));
    }
}
