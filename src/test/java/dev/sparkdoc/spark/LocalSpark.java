package dev.sparkdoc.spark;

import dev.sparkdoc.testing.FreePort;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * A real Spark 4 application ({@code local[2]}) inside the test JVM, with its web UI on a free
 * loopback port and, optionally, an event log in a folder the test owns.
 *
 * <p>Spark allows one SparkContext per JVM, so only one LocalSpark runs at a time: {@link #start}
 * waits for the previous one to be closed. Always use it in try-with-resources.
 *
 * <pre>{@code
 * try (LocalSpark spark = LocalSpark.builder().eventLog(dir, EventLogFormat.plain()).start()) {
 *     SparkWorkloads.multiStageJoin(spark.session());
 *     URI ui = spark.uiUrl();
 *     Path log = spark.stop();   // the finished log, renamed from .inprogress
 * }
 * }</pre>
 */
public final class LocalSpark implements AutoCloseable {

    /** Released by {@link #stop}; a semaphore because stop may run on another thread than start. */
    private static final Semaphore ONE_SPARK = new Semaphore(1);
    private static final Duration WAIT_FOR_PREVIOUS = Duration.ofMinutes(3);

    private final SparkSession session;
    private final TaskLedger ledger;
    private final Optional<Path> eventLogDir;
    private final EventLogFormat format;
    private final long startupMillis;
    private final Optional<SparkHome> sparkHome;
    private boolean stopped;

    private LocalSpark(SparkSession session, TaskLedger ledger, Optional<Path> eventLogDir,
                       EventLogFormat format, long startupMillis, Optional<SparkHome> sparkHome) {
        this.session = session;
        this.ledger = ledger;
        this.eventLogDir = eventLogDir;
        this.format = format;
        this.startupMillis = startupMillis;
        this.sparkHome = sparkHome;
    }

    public static Builder builder() {
        return new Builder();
    }

    public SparkSession session() {
        return session;
    }

    public SparkContext context() {
        return session.sparkContext();
    }

    public String appId() {
        return context().applicationId();
    }

    public String appName() {
        return context().appName();
    }

    /** The driver UI as Spark bound it, e.g. {@code http://127.0.0.1:41234} (no trailing slash). */
    public URI uiUrl() {
        return URI.create(context().uiWebUrl().get());
    }

    /** Every task end seen by a listener of our own: the ground truth for agreement tests. */
    public TaskLedger ledger() {
        return ledger;
    }

    /** Wall time from {@link Builder#start} to a ready session, for the timing report. */
    public long startupMillis() {
        return startupMillis;
    }

    /**
     * Waits until every listener (the UI's status store, the event-log writer, the ledger) has
     * seen every event posted so far. Spark delivers listener events asynchronously, so a job
     * that returned may not be in the REST API or the log yet.
     */
    public void awaitListenersIdle() {
        // LiveListenerBus.waitUntilEmpty is private[spark] in Scala, public in bytecode; Spark's
        // own test suites use it for exactly this.
        try {
            context().listenerBus().waitUntilEmpty(TimeUnit.SECONDS.toMillis(30));
        } catch (TimeoutException e) {
            throw new IllegalStateException("Spark's listeners still busy after 30 s", e);
        }
    }

    /**
     * Where the event log is being written now: {@code <appId>[.codec].inprogress}, or the
     * rolling folder (whose {@code appstatus_<appId>.inprogress} marker says it is running).
     */
    public Path liveEventLog() {
        Path dir = eventLogDir.orElseThrow(() -> new IllegalStateException("event log not enabled"));
        String name = format.finalName(appId());
        return format.rolling() ? dir.resolve(name) : dir.resolve(name + ".inprogress");
    }

    /**
     * Stops Spark and returns the finished event log (file or rolling folder). Stopping is what
     * renames {@code .inprogress} away, so read a complete log only after this.
     */
    public Path stop() {
        Path dir = eventLogDir.orElseThrow(() -> new IllegalStateException("event log not enabled"));
        String name = format.finalName(appId());
        close();
        Path log = dir.resolve(name);
        if (!Files.exists(log)) {
            throw new IllegalStateException("Spark stopped but wrote no event log at " + log);
        }
        return log;
    }

    @Override
    public void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            session.stop();
        } finally {
            // getOrCreate would otherwise hand the next test this stopped session
            SparkSession.clearActiveSession();
            SparkSession.clearDefaultSession();
            // the workers killed their executor JVMs on stop: the temp SPARK_HOME (jars, work dirs) can go
            sparkHome.ifPresent(SparkHome::delete);
            ONE_SPARK.release();
        }
    }

    /**
     * The executor JVMs of this application's workers that are alive now, by executor id: the
     * descendants of this JVM running {@code CoarseGrainedExecutorBackend} (empty unless
     * {@link Builder#realExecutors()}). The REST API has no pids; this is how a test finds one to kill.
     */
    public static Map<String, ProcessHandle> executorProcesses() {
        Map<String, ProcessHandle> byId = new java.util.TreeMap<>();
        ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).forEach(p -> {
            String[] args = arguments(p);
            boolean executor = java.util.Arrays.asList(args).contains("org.apache.spark.executor.CoarseGrainedExecutorBackend");
            for (int i = 0; executor && i + 1 < args.length; i++) {
                if (args[i].equals("--executor-id")) {
                    byId.put(args[i + 1], p);
                }
            }
        });
        return byId;
    }

    /**
     * A process's command line. ProcessHandle.Info leaves the arguments out when the line is long
     * (an executor's class path is), so on Linux it is read from /proc.
     */
    private static String[] arguments(ProcessHandle p) {
        Path cmdline = Path.of("/proc", Long.toString(p.pid()), "cmdline");
        try {
            if (Files.isReadable(cmdline)) {
                return new String(Files.readAllBytes(cmdline), java.nio.charset.StandardCharsets.UTF_8).split("\0");
            }
        } catch (IOException e) {
            // gone already, or not ours to read
        }
        return p.info().arguments().orElse(new String[0]);
    }

    /** Settings of one local application; every setting has a test-friendly default. */
    public static final class Builder {
        private String appName = "sparkdoc-test";
        private String master = "local[2]";
        private Optional<Path> eventLogDir = Optional.empty();
        private EventLogFormat format = EventLogFormat.plain();
        private boolean realExecutors;
        private final Map<String, String> extra = new LinkedHashMap<>();

        public Builder appName(String name) {
            this.appName = name;
            return this;
        }

        /**
         * The master URL, {@code local[2]} by default. {@code local[N,F]} lets a task fail F-1
         * times before the job fails; plain {@code local[N]} fails the job on the first failure.
         */
        public Builder master(String master) {
            this.master = master;
            return this;
        }

        /**
         * For a {@code local-cluster[W,C,M]} master: let its workers launch real executor JVMs, as
         * a standalone cluster does. A worker builds the executor's command with Spark's launcher,
         * which wants a Spark distribution: this makes a temporary SPARK_HOME whose {@code jars/}
         * links the test JVM's jars, puts the test's class folders on the executors' class path
         * (closures, workloads) and tells the workers where it is ({@code spark.test.home}, read
         * when {@code spark.testing} is set: both system properties are set only while the
         * context starts). Executors get 512m heaps unless {@code spark.executor.memory} is set.
         */
        public Builder realExecutors() {
            this.realExecutors = true;
            return this;
        }

        public Builder eventLog(Path dir, EventLogFormat format) {
            this.eventLogDir = Optional.of(dir);
            this.format = format;
            return this;
        }

        /** Any further Spark setting; applied last, so it wins over the defaults here. */
        public Builder conf(String key, String value) {
            extra.put(key, value);
            return this;
        }

        public LocalSpark start() {
            acquire();
            long t0 = System.nanoTime();
            Optional<SparkHome> home = Optional.empty();
            try {
                SparkSession.Builder b = SparkSession.builder().master(master).appName(appName);
                Map<String, String> conf = sparkConf();
                if (realExecutors) {
                    if (!master.startsWith("local-cluster")) {
                        throw new IllegalArgumentException("realExecutors() needs a local-cluster[W,C,M] master, not " + master);
                    }
                    home = Optional.of(SparkHome.create());
                    Map<String, String> withExecutors = new LinkedHashMap<>(home.get().executorConf());
                    withExecutors.putAll(conf);
                    conf = withExecutors;
                }
                conf.forEach(b::config);
                SparkSession session = home.isPresent() ? home.get().whileStarting(b::getOrCreate) : b.getOrCreate();
                TaskLedger ledger = new TaskLedger();
                session.sparkContext().addSparkListener(ledger);
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                return new LocalSpark(session, ledger, eventLogDir, format, ms, home);
            } catch (Exception | Error e) {
                // Scala throws checked SparkExceptions too (a local-cluster that cannot fit its executors)
                home.ifPresent(SparkHome::delete);
                ONE_SPARK.release();
                throw e;
            }
        }

        Map<String, String> sparkConf() {
            Map<String, String> conf = new LinkedHashMap<>();
            conf.put("spark.ui.enabled", "true");
            conf.put("spark.ui.port", Integer.toString(FreePort.onLoopback()));   // never assume 4040
            conf.put("spark.driver.bindAddress", "127.0.0.1");
            conf.put("spark.driver.host", "127.0.0.1");
            conf.put("spark.ui.showConsoleProgress", "false");
            // few shuffle partitions keep task counts (and committed event logs) small
            conf.put("spark.sql.shuffle.partitions", "8");
            conf.put("spark.eventLog.enabled", Boolean.toString(eventLogDir.isPresent()));
            eventLogDir.ifPresent(dir -> {
                conf.put("spark.eventLog.dir", dir.toUri().toString());
                conf.putAll(format.sparkConf());
            });
            conf.putAll(extra);
            return conf;
        }

        private static void acquire() {
            try {
                if (!ONE_SPARK.tryAcquire(WAIT_FOR_PREVIOUS.toSeconds(), TimeUnit.SECONDS)) {
                    throw new IllegalStateException("another LocalSpark is still running: close it first "
                            + "(Spark allows one SparkContext per JVM)");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for the previous LocalSpark", e);
            }
        }
    }
}
