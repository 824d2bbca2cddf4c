package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Paging through SQL executions, and keeping the finished ones between polls. */
class SqlLoaderTest {

    private static final AppRef APP = new AppRef("local-1", Optional.empty());

    @RegisterExtension
    final FakeSpark driver = new FakeSpark();
    private final RoutingDispatcher spark = driver.routes();
    /** Execution ids Spark currently retains, and how many of them still run (the newest ones). */
    private volatile int firstId = 0;
    private volatile int count = 150;
    private final AtomicInteger running = new AtomicInteger(3);
    private SparkApi api;

    @BeforeEach
    void start() throws Exception {
        spark.answer("/api/v1/applications/local-1/sql", r -> true,
                r -> json(page(Integer.parseInt(r.getUrl().queryParameter("offset")),
                        Integer.parseInt(r.getUrl().queryParameter("length")))));
        RestClient client = new RestClient(new OkHttpClient(), Headers.of(), Duration.ofSeconds(5));
        api = new SparkApi(client, driver.url("/"));
    }

    @Test
    void pagesUntilAShortPage() {
        List<ExecutionDataDto> all = new SqlLoader().load(api, APP).orElseThrow();

        assertThat(all).hasSize(150);
        assertThat(all.get(149).id()).isEqualTo(149);
        assertThat(offsets()).containsExactly("0", "100");
    }

    @Test
    void laterPollsStartAtTheLastOfTheLeadingFinishedExecutions() {
        SqlLoader loader = new SqlLoader();
        loader.load(api, APP);
        spark.clearRequests();
        running.set(0);
        count = 152;

        List<ExecutionDataDto> all = loader.load(api, APP).orElseThrow();

        // 147 finished before; the next poll starts at the 147th (index 146) to check the overlap.
        assertThat(offsets()).containsExactly("146");
        assertThat(all).extracting(ExecutionDataDto::id).containsExactlyElementsOf(
                IntStream.range(0, 152).mapToObj(i -> (long) i).toList());
        assertThat(all).allMatch(ExecutionDataDto::finished);
    }

    @Test
    void whenSparkDropsOldExecutionsEverythingIsReadAgain() {
        SqlLoader loader = new SqlLoader();
        loader.load(api, APP);
        spark.clearRequests();
        firstId = 40;

        List<ExecutionDataDto> all = loader.load(api, APP).orElseThrow();

        assertThat(offsets()).containsExactly("146", "0", "100");
        assertThat(all.get(0).id()).isEqualTo(40);
        assertThat(all).hasSize(150);
    }

    private List<String> offsets() {
        return spark.requests().stream().map(r -> r.getUrl().queryParameter("offset")).toList();
    }

    private String page(int offset, int length) {
        int to = Math.min(count, offset + length);
        return IntStream.range(Math.min(offset, to), to)
                .mapToObj(i -> "{\"id\": " + (firstId + i) + ", \"status\": \""
                        + (i >= count - running.get() ? "RUNNING" : "COMPLETED") + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
    }
}
