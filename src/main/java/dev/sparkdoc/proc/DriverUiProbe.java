package dev.sparkdoc.proc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Asks a local driver which application it runs: the driver's command line does not say (the id
 * is made at start-up), but its UI does ({@code /api/v1/applications}). Only ports the driver
 * itself listens on are tried, the UI's usual 4040–4099 first.
 */
public final class DriverUiProbe {

    /**
     * Spark's RPC and block-manager ports close an HTTP request at once; the UI may take a second
     * or more for the first {@code /api/v1} call (Jersey starts lazily), so the wait is generous.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final int MAX_PORTS = 4;
    private static final ObjectMapper JSON = new ObjectMapper();

    private DriverUiProbe() {
    }

    /** App id by driver pid, for every driver pid that has a listening port answering as a Spark UI. */
    public static Map<Long, String> appIds(List<Long> driverPids, Map<Integer, Long> pidByListeningPort) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
        Map<Long, String> out = new HashMap<>();
        for (long pid : driverPids) {
            pidByListeningPort.entrySet().stream().filter(e -> e.getValue() == pid).map(Map.Entry::getKey)
                    .sorted(Comparator.comparing((Integer p) -> p < 4040 || p > 4099).thenComparing(p -> p))
                    .limit(MAX_PORTS)
                    .map(port -> ask(http, port))
                    .flatMap(Optional::stream)
                    .findFirst()
                    .ifPresent(app -> out.put(pid, app));
        }
        return out;
    }

    static Optional<String> ask(HttpClient http, int port) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/applications"))
                    .timeout(TIMEOUT).GET().build();
            HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString());
            if (resp.statusCode() != 200) {
                return Optional.empty();
            }
            JsonNode apps = JSON.readTree(resp.body());
            return apps.isArray() && apps.size() > 0 && apps.get(0).hasNonNull("id")
                    ? Optional.of(apps.get(0).get("id").asText()) : Optional.empty();
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
