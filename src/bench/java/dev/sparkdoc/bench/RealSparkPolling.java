package dev.sparkdoc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.PollStats;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Live polling cost against a real Spark 4 application ({@link SparkApp}, in its own JVM, so the
 * CPU measured here is the client's alone): sparkdoc's polls, then a naive client that fetches the
 * stage list and every stage's task list.
 */
public final class RealSparkPolling {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RealSparkPolling() {
    }

    public static void main(String[] args) throws Exception {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(SparkApp.JVM_OPTIONS);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SparkApp.class.getName(),
                Integer.toString(port), Integer.toString(jobs)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        long t0 = System.nanoTime();
        Process app = pb.start();
        try {
            awaitReady(app);
            System.out.printf("real Spark 4 app (local[2]): %d finished jobs of 2 stages, 1 stage running; ready in %.0f s%n",
                    jobs, (System.nanoTime() - t0) / 1e9);
            URI base = URI.create("http://127.0.0.1:" + port + "/");
            System.out.printf("%-44s %9s %12s %14s %10s%n", "client", "requests", "bytes", "client_cpu_ms", "wall_ms");
            try (RestSource source = new RestSource(new Target.Http(base), AppSelector.ANY, HttpOptions.DEFAULT)) {
                // finished stages' quantiles are fetched where a tail can hide, 20 at most per poll,
                // and then kept: poll until a poll needs no more of them, printing the first two and that one
                for (int poll = 1; poll <= 60; poll++) {
                    long cpu = cpu();
                    source.read();
                    PollStats s = source.lastPoll();
                    boolean settled = poll > 2 && s.requests() < 50;
                    if (poll <= 2 || settled || poll == 60) {
                        System.out.printf("%-44s %9d %12d %14d %10d%n", "sparkdoc RestSource.read() poll " + poll,
                                s.requests(), s.bytes(), (cpu() - cpu) / 1_000_000, s.millis());
                    }
                    if (settled) {
                        break;
                    }
                }
            }
            naive(base);
        } finally {
            app.getOutputStream().close();
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }

    private static void awaitReady(Process app) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Thread drain = new Thread(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.equals("READY")) {
                        ready.complete(null);
                    }
                }
                ready.completeExceptionally(new IllegalStateException("the Spark app ended before it was ready"));
            } catch (Exception e) {
                ready.completeExceptionally(e);
            }
        });
        drain.setDaemon(true);
        drain.start();
        ready.get(10, TimeUnit.MINUTES);
    }

    /** The stage list, then every stage attempt's whole task list. */
    private static void naive(URI base) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long cpu = cpu();
        long t0 = System.nanoTime();
        byte[] apps = get(http, base.resolve("api/v1/applications"));
        String app = base + "api/v1/applications/" + JSON.readTree(apps).get(0).get("id").asText() + "/";
        byte[] stages = get(http, URI.create(app + "stages"));
        long bytes = apps.length + stages.length;
        long requests = 2;
        for (JsonNode st : JSON.readTree(stages)) {
            URI uri = URI.create(app + "stages/" + st.get("stageId").asInt() + "/" + st.get("attemptId").asInt()
                    + "/taskList?length=" + Math.max(1, st.get("numTasks").asInt()));
            bytes += get(http, uri).length;
            requests++;
        }
        System.out.printf("%-44s %9d %12d %14d %10d%n", "naive: stages + every stage's taskList", requests, bytes,
                (cpu() - cpu) / 1_000_000, (System.nanoTime() - t0) / 1_000_000);
        System.out.println("(client_cpu_ms: this JVM's CPU; the Spark application runs in another)");
    }

    private static byte[] get(HttpClient http, URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofByteArray()).body();
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
