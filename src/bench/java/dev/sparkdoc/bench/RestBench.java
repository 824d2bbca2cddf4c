package dev.sparkdoc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.PollStats;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Live polling cost against a generated application of {@value #STAGES} stages (10 of them
 * active), {@value #JOBS} jobs and {@value #EXECUTORS} executors, served by a local HTTP server
 * from entries of Spark's own REST answers (HistoryServerSuite expectations), ids rewritten.
 * Measures {@link RestSource#read()} (first poll, then a poll with finished stages cached) against
 * a naive client that fetches the stage list and every stage's task list.
 */
public final class RestBench {

    static final int STAGES = 10_000;
    static final int JOBS = 2_500;
    static final int EXECUTORS = 500;
    static final int TASKS_PER_STAGE = 200;
    static final int POLLS = 4;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final java.util.Map<String, long[]> BY_PATH = new java.util.concurrent.ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        Path fixtures = Path.of(args.length > 1 ? args[1] : "src/test/resources/spark-upstream/history-server-expectations");
        Data data = Data.generate(fixtures);
        AtomicLong served = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", ex -> serve(ex, data, served));
        server.start();
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        System.out.printf("app: %,d stages (%d active), %,d jobs, %d executors, %d tasks per stage; "
                + "full stage list %,d bytes%n", STAGES, 10, JOBS, EXECUTORS, TASKS_PER_STAGE, data.stages.length);
        System.out.printf("%-44s %9s %12s %12s %10s%n", "client", "requests", "bytes", "client_cpu_ms", "wall_ms");
        try (RestSource source = new RestSource(new Target.Http(base), AppSelector.ANY, HttpOptions.DEFAULT)) {
            // taskSummary quantiles are read for the 10 active stages each poll, and for finished
            // stages only where a tail can hide (SummaryWorth): these ran evenly, so none is
            for (int poll = 1; poll <= POLLS; poll++) {
                if (poll == POLLS) {
                    BY_PATH.clear();
                }
                long cpu = cpu();
                source.read();
                PollStats s = source.lastPoll();
                if (poll <= 2 || poll >= POLLS - 1) {
                    System.out.printf("%-44s %9d %12d %12d %10d%n", "sparkdoc RestSource.read() poll " + poll,
                            s.requests(), s.bytes(), (cpu() - cpu) / 1_000_000, s.millis());
                }
            }
        }
        BY_PATH.forEach((k, v) -> System.out.printf("    poll %d: %-40s %4d requests %,10d bytes%n", POLLS, k, v[0], v[1]));
        naive(base, data);
        server.stop(0);
        System.exit(0); // the server's pool threads are not daemons
    }

    /** The stage list, then every stage's full task list: what a "fetch everything" poller does. */
    private static void naive(URI base, Data data) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long cpu = cpu();
        long t0 = System.nanoTime();
        long bytes = 0;
        long requests = 0;
        String app = base + "api/v1/applications/app-bench/";
        bytes += http.send(HttpRequest.newBuilder(URI.create(app + "stages")).build(), HttpResponse.BodyHandlers.ofByteArray()).body().length;
        requests++;
        for (int s = 0; s < STAGES; s++) {
            URI uri = URI.create(app + "stages/" + s + "/0/taskList?length=" + TASKS_PER_STAGE);
            bytes += http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray()).body().length;
            requests++;
        }
        System.out.printf("%-44s %9d %12d %12d %10d%n", "naive: stages + every stage's taskList", requests, bytes,
                (cpu() - cpu) / 1_000_000, (System.nanoTime() - t0) / 1_000_000);
        System.out.println("(client_cpu_ms is the whole bench JVM's CPU, the local server's included)");
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void serve(HttpExchange ex, Data data, AtomicLong served) throws IOException {
        String path = ex.getRequestURI().getPath();
        String query = String.valueOf(ex.getRequestURI().getQuery());
        String p = path.replaceFirst("^/api/v1/applications/?", "");
        byte[] body;
        if (!path.startsWith("/api/v1/applications")) {
            body = null;
        } else if (p.isEmpty()) {
            body = data.apps;
        } else if (p.equals("app-bench") || p.equals("app-bench/")) {
            body = data.app;
        } else if (p.endsWith("/jobs")) {
            body = query.contains("status=running") ? data.runningJobs : data.jobs;
        } else if (p.endsWith("/stages")) {
            body = query.contains("status=active") ? data.activeStages
                    : query.contains("status=pending") ? "[]".getBytes() : data.stages;
        } else if (p.endsWith("/allexecutors") || p.endsWith("/executors")) {
            body = data.executors;
        } else if (p.endsWith("/environment")) {
            body = data.environment;
        } else if (p.endsWith("/taskSummary")) {
            body = data.summary;
        } else if (p.endsWith("/taskList")) {
            body = query.contains("length=" + TASKS_PER_STAGE) ? data.allTasks : data.fewTasks;
        } else {
            body = null;
        }
        if (body == null) {
            byte[] nf = "no such path".getBytes();
            ex.getResponseHeaders().set("Content-Type", "text/plain");
            ex.sendResponseHeaders(404, nf.length);
            ex.getResponseBody().write(nf);
        } else {
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            served.addAndGet(body.length);
            String kind = p.replaceAll("[0-9]+", "N").replaceFirst("^app-bench/?", "");
            BY_PATH.merge(kind, new long[] {1, body.length}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        }
        ex.close();
    }

    /** The answers, generated once from one real entry of each list. */
    private record Data(byte[] apps, byte[] app, byte[] jobs, byte[] runningJobs, byte[] stages, byte[] activeStages, byte[] executors,
                        byte[] environment, byte[] summary, byte[] allTasks, byte[] fewTasks) {

        static Data generate(Path dir) throws IOException {
            ObjectNode app = (ObjectNode) read(dir, "one_app_json_expectation.json");
            app.put("id", "app-bench").put("name", "bench app");
            ObjectNode attempt = (ObjectNode) app.withArray("attempts").get(0);
            attempt.put("completed", false).remove("endTime");
            ArrayNode apps = JSON.createArrayNode().add(app);

            JsonNode job = read(dir, "job_list_json_expectation.json").get(0);
            ArrayNode jobs = JSON.createArrayNode();
            ArrayNode runningJobs = JSON.createArrayNode();
            for (int j = JOBS - 1; j >= 0; j--) {
                ObjectNode c = job.deepCopy();
                c.put("jobId", j).put("status", j >= JOBS - 3 ? "RUNNING" : "SUCCEEDED");
                ArrayNode ids = c.putArray("stageIds");
                for (int s = j * 4; s < j * 4 + 4; s++) {
                    ids.add(s);
                }
                jobs.add(c);
                if (j >= JOBS - 3) {
                    runningJobs.add(c);
                }
            }
            JsonNode stage = read(dir, "stage_list_json_expectation.json").get(0);
            ArrayNode stages = JSON.createArrayNode();
            ArrayNode active = JSON.createArrayNode();
            for (int s = STAGES - 1; s >= 0; s--) {
                ObjectNode c = stage.deepCopy();
                c.put("stageId", s).put("attemptId", 0).put("numTasks", TASKS_PER_STAGE)
                        .put("numCompleteTasks", TASKS_PER_STAGE).put("numFailedTasks", 0).put("numKilledTasks", 0)
                        .put("executorRunTime", 1000L * (s % 97)).put("status", s >= STAGES - 10 ? "ACTIVE" : "COMPLETE");
                stages.add(c);
                if (s >= STAGES - 10) {
                    active.add(c);
                }
            }
            JsonNode exec = read(dir, "executor_list_json_expectation.json").get(0);
            ArrayNode executors = JSON.createArrayNode();
            for (int e = 0; e < EXECUTORS; e++) {
                executors.add(((ObjectNode) exec.deepCopy()).put("id", Integer.toString(e)).put("isActive", true));
            }
            JsonNode task = read(dir, "stage_task_list_expectation.json").get(0);
            ArrayNode all = JSON.createArrayNode();
            for (int t = 0; t < TASKS_PER_STAGE; t++) {
                all.add(((ObjectNode) task.deepCopy()).put("taskId", t).put("index", t));
            }
            ArrayNode few = JSON.createArrayNode();
            for (int t = 0; t < 5; t++) {
                few.add(all.get(t));
            }
            return new Data(bytes(apps), bytes(app), bytes(jobs), bytes(runningJobs), bytes(stages), bytes(active), bytes(executors),
                    Files.readAllBytes(dir.resolve("app_environment_expectation.json")),
                    Files.readAllBytes(dir.resolve("stage_task_summary_w_shuffle_read_expectation.json")),
                    bytes(all), bytes(few));
        }

        private static JsonNode read(Path dir, String name) throws IOException {
            try (InputStream in = Files.newInputStream(dir.resolve(name))) {
                return JSON.readTree(in);
            }
        }

        private static byte[] bytes(JsonNode n) throws IOException {
            return JSON.writeValueAsBytes(n);
        }
    }
}
