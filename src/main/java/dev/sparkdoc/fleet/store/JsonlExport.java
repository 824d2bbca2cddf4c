package dev.sparkdoc.fleet.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.json.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code --jsonl FILE}: one line per application, its columns as the store names them and its
 * findings nested (evidence and remedies as JSON, not strings). Written beside the file and moved
 * over it at the end: an interrupted run leaves the old file, never half of a new one.
 */
public final class JsonlExport implements AutoCloseable {

    private final Path target;
    private final Path temporary;
    private final BufferedWriter out;
    private final ObjectMapper mapper = Json.mapper();
    private boolean committed;

    private JsonlExport(Path target, Path temporary, BufferedWriter out) {
        this.target = target;
        this.temporary = temporary;
        this.out = out;
    }

    public static JsonlExport create(Path target) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        Path temporary = Files.createTempFile(folder, "." + target.getFileName(), ".part");
        return new JsonlExport(target, temporary, Files.newBufferedWriter(temporary, StandardCharsets.UTF_8));
    }

    public synchronized void write(LogRows rows) throws IOException {
        out.write(line(rows));
        out.write('\n');
    }

    String line(LogRows rows) throws JsonProcessingException {
        ApplicationRow a = rows.application();
        ObjectNode o = mapper.createObjectNode();
        o.put("app_key", a.appKey()).put("app_id", a.appId()).put("attempt", a.attempt()).put("name", a.name())
                .put("user_name", a.user()).put("spark_version", a.sparkVersion()).put("cluster_manager", a.clusterManager())
                .put("start_ms", a.startMs()).put("end_ms", a.endMs()).put("wall_ms", a.wallMs()).put("status", a.status())
                .put("reason", a.reason());
        o.set("time_account", parsed(a.timeAccountJson()));
        o.put("log_path", a.logPath()).put("log_size", a.logSize()).put("log_modified_ms", a.logModifiedMs())
                .put("sparkdoc_version", a.sparkdocVersion()).put("rules_hash", a.rulesHash()).put("day", a.day());
        ArrayNode findings = o.putArray("findings");
        for (FindingRow f : rows.findings()) {
            ObjectNode n = findings.addObject();
            n.put("rank", f.rank()).put("rule", f.rule()).put("family", f.family()).put("severity", f.severity())
                    .put("seconds_lost", f.secondsLost()).put("scope", f.scope()).put("title", f.title());
            n.set("evidence", parsed(f.evidenceJson()));
            n.set("remedies", parsed(f.remediesJson()));
        }
        // one line per application: the shared mapper indents for people
        return mapper.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o);
    }

    private JsonNode parsed(String json) throws JsonProcessingException {
        return json == null ? mapper.nullNode() : mapper.readTree(json);
    }

    /** Moves the finished file over the target. */
    public synchronized void commit() throws IOException {
        out.close();
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        committed = true;
    }

    @Override
    public synchronized void close() throws IOException {
        if (!committed) {
            out.close();
            Files.deleteIfExists(temporary);
        }
    }
}
