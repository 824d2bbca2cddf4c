package dev.sparkdoc.account;

/**
 * Where a share of the time went. The wall-clock causes split the application's wall time; the
 * slot causes split the slot time its executors offered. Each is one part of the account, and a
 * fact ({@code app.time.<id>}, {@code app.slots.<id>}).
 */
public enum Cause {
    DRIVER_ONLY(Clock.WALL, "driverOnly", "driver only", "driver",
            "no job running: the driver planning, running its own code, pulling results, or Python on the driver"),
    WAITING(Clock.WALL, "waiting", "waiting", "waiting",
            "jobs active but no task running: no executors yet, resources pending, a stage being submitted"),
    STAGES_RUNNING(Clock.WALL, "stagesRunning", "stages running", "stages", "at least one task running"),

    COMPUTE(Clock.SLOT, "compute", "compute", "compute", "tasks' run time less GC and shuffle fetch wait"),
    FETCH_WAIT(Clock.SLOT, "fetchWait", "fetch wait", "fetch", "tasks blocked fetching shuffle blocks"),
    GC(Clock.SLOT, "gc", "GC", "GC", "tasks' JVM garbage collection"),
    DESERIALIZATION(Clock.SLOT, "deserialization", "deserialization", "deser", "tasks deserializing their closure and partition"),
    SCHEDULER_DELAY(Clock.SLOT, "schedulerDelay", "scheduler delay", "sched",
            "a slot held by a launched task not yet running: sending it, and its result back"),
    FAILED(Clock.SLOT, "failed", "failed attempts", "failed", "task attempts that failed (or were killed) and ran again"),
    SPECULATION_LOST(Clock.SLOT, "speculationLost", "lost speculative copies", "spec lost",
            "copies of a task killed because another attempt of it finished first"),
    IDLE_TAIL(Clock.SLOT, "idle.tail", "idle in stage tails", "idle", "slots idle while a stage's slowest tasks finished"),
    IDLE_FEW_TASKS(Clock.SLOT, "idle.fewTasks", "idle with too few tasks", "idle", "slots a stage had no task for"),
    IDLE_LAST_WAVE(Clock.SLOT, "idle.lastWave", "idle in last waves", "idle",
            "slots left empty by a stage's last, partial wave of tasks"),
    IDLE_WAITING(Clock.SLOT, "idle.waiting", "idle while waiting", "idle", "executors alive while jobs waited and no task ran"),
    IDLE_NO_JOB(Clock.SLOT, "idle.noJob", "idle between jobs", "idle", "executors held while no job ran (driver only)");

    /** Which whole a cause is a part of. */
    public enum Clock { WALL, SLOT }

    private final Clock clock;
    private final String id;
    private final String label;
    private final String brief;
    private final String meaning;

    Cause(Clock clock, String id, String label, String brief, String meaning) {
        this.clock = clock;
        this.id = id;
        this.label = label;
        this.brief = brief;
        this.meaning = meaning;
    }

    public Clock clock() {
        return clock;
    }

    /** The name in JSON and after {@code app.time.} or {@code app.slots.} in a fact. */
    @com.fasterxml.jackson.annotation.JsonValue
    public String id() {
        return id;
    }

    /** As the text report says it. */
    public String label() {
        return label;
    }

    /** As the live view's one-line bar says it: a word or two; the idle reasons share one ("idle"). */
    public String brief() {
        return brief;
    }

    public String meaning() {
        return meaning;
    }
}
