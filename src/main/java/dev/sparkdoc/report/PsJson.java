package dev.sparkdoc.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.proc.ProcessGroups.AppGroup;
import dev.sparkdoc.proc.ProcessGroups.DaemonGroup;
import dev.sparkdoc.proc.ProcessGroups.JvmGroup;
import dev.sparkdoc.proc.SparkProcess;
import dev.sparkdoc.proc.SparkReportedMemory;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * {@code sparkdoc ps --json}: the same groups as the text, every process with its pid, role,
 * links, CPU %, RSS in bytes and redacted command line. Absent values are left out, never null.
 */
public final class PsJson {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private PsJson() {
    }

    public static ObjectNode tree(PsReport r) {
        ObjectNode root = F.objectNode();
        root.put("takenAt", r.table().takenAt().toString());
        root.put("host", r.host());
        root.put("intervalMs", r.table().intervalMs());
        ArrayNode apps = root.putArray("applications");
        for (AppGroup app : r.groups().applications()) {
            ObjectNode a = apps.addObject();
            app.appId().ifPresent(id -> a.put("appId", id));
            ArrayNode jvms = a.putArray("jvms");
            app.jvms().forEach(j -> jvms.add(jvm(r, j)));
        }
        list(root.putArray("services"), r, r.groups().services());
        list(root.putArray("unlinked"), r, r.groups().unlinked());
        list(root.putArray("related"), r, r.groups().related());
        r.spark().ifPresent(s -> root.set("spark", spark(s)));
        return root;
    }

    public static void write(PsReport r, OutputStream out) throws IOException {
        out.write(Json.mapper().writeValueAsString(tree(r)).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }

    private static ObjectNode jvm(PsReport r, JvmGroup g) {
        ObjectNode n = process(r, g.jvm());
        n.put("totalRssBytes", g.totalRssBytes());
        n.put("totalCpuPercent", round(g.totalCpuPercent()));
        list(n.putArray("driverPython"), r, g.driverPython());
        ArrayNode daemons = n.putArray("daemons");
        for (DaemonGroup d : g.daemons()) {
            ObjectNode dn = process(r, d.daemon());
            list(dn.putArray("workers"), r, d.workers());
            daemons.add(dn);
        }
        list(n.putArray("workers"), r, g.directWorkers());
        return n;
    }

    private static void list(ArrayNode array, PsReport r, List<SparkProcess> processes) {
        processes.forEach(p -> array.add(process(r, p)));
    }

    static ObjectNode process(PsReport r, SparkProcess p) {
        ObjectNode n = F.objectNode();
        n.put("pid", p.pid());
        n.put("ppid", p.process().ppid());
        n.put("role", p.role().id());
        p.appId().ifPresent(v -> n.put("appId", v));
        p.executorId().ifPresent(v -> n.put("executorId", v));
        p.jvmPid().ifPresent(v -> n.put("jvmPid", v));
        p.daemonPid().ifPresent(v -> n.put("daemonPid", v));
        p.cpuPercent().ifPresent(v -> n.put("cpuPercent", round(v)));
        p.process().rssBytes().ifPresent(v -> n.put("rssBytes", v));
        p.process().threads().ifPresent(v -> n.put("threads", v));
        n.put("user", p.process().user());
        n.put("state", p.process().state());
        p.process().startTime().ifPresent(t -> n.put("startTime", t.toString()));
        p.process().age(r.table().takenAt()).ifPresent(a -> n.put("ageSeconds", a.toSeconds()));
        p.executorArgs().ifPresent(a -> {
            a.hostname().ifPresent(v -> n.put("hostname", v));
            a.cores().ifPresent(v -> n.put("cores", v));
            a.driverUrl().ifPresent(v -> n.put("driverUrl", v));
        });
        ArrayNode cmd = n.putArray("command");
        p.process().command().forEach(cmd::add);
        return n;
    }

    private static ObjectNode spark(SparkReportedMemory s) {
        ObjectNode n = F.objectNode();
        n.put("appId", s.appId());
        n.put("processTreeMetricsEnabled", s.processTreeMetricsOn());
        s.hint().ifPresent(h -> n.put("hint", h));
        ArrayNode list = n.putArray("executors");
        for (SparkReportedMemory.ExecutorMemory e : s.executors()) {
            ObjectNode en = list.addObject();
            en.put("executorId", e.executorId());
            en.put("hostPort", e.host());
            en.put("active", e.active());
            put(en, "jvmRssBytes", e.jvmRssBytes());
            put(en, "pythonRssBytes", e.pythonRssBytes());
            put(en, "otherRssBytes", e.otherRssBytes());
            put(en, "jvmHeapBytes", e.jvmHeapBytes());
        }
        return n;
    }

    private static void put(ObjectNode n, String field, Optional<Long> value) {
        value.ifPresent(v -> n.put(field, v));
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
