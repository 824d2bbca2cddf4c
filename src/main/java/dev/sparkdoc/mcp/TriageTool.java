package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.proc.LocalProcesses;
import dev.sparkdoc.report.TriageJson;
import dev.sparkdoc.report.TriageReport;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.DriverLogFile;
import dev.sparkdoc.source.profile.ProfileDumpReader;
import dev.sparkdoc.userconfig.ResolvedTarget;
import java.nio.file.Path;
import java.util.Optional;

/** {@code sparkdoc triage TARGET --json}: the ranked findings with evidence and remedies. */
final class TriageTool implements SparkdocTool {

    private final McpSettings settings;

    TriageTool(McpSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "triage";
    }

    @Override
    public String description() {
        return "Diagnose one Spark application: findings ranked by the time they cost, each with evidence, exact"
                + " remedies (settings to change) and how to verify the fix. The target is a live driver (host:port),"
                + " a History Server URL (with app), an event-log file or folder, a snapshot file, or a target named in"
                + " sparkdoc's config file. Answers what 'sparkdoc triage --json' prints: JSON Schema docs/triage.schema.json.";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "required": ["target"], "additionalProperties": false, "properties": {
                  "target": {"type": "string", "description": "host:port, http(s) URL, event-log path, snapshot file or a named target"},
                  "app": {"type": "string", "description": "application id where the target holds several (a History Server)"},
                  "top": {"type": "integer", "minimum": 1, "maximum": 100, "description": "at most this many findings (default 10)"},
                  "all": {"type": "boolean", "description": "also info-level findings"},
                  "driverLog": {"type": "string", "description": "path of the driver's log on this machine: JVM deaths join the findings"},
                  "profileDump": {"type": "string", "description": "path of a PySpark profiler dump folder on this machine: each UDF's top functions join its findings"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) throws Exception {
        // read before the target, as triage --profile-dump does: a bad dump fails at once
        Optional<ProfileDump> profiles = args.optionalText("profileDump").map(p -> ProfileDumpReader.read(Path.of(p)));
        Diagnosis diagnosis = diagnose(args);
        TriageReport report = TriageReport.of(diagnosis, settings.version(), args.flag("all") ? Severity.INFO : Severity.WARNING,
                args.number("top", 10, 1, 100));
        TriageReport profiled = profiles.map(dump -> report.withProfiles(diagnosis, dump)).orElse(report);
        return Json.mapper().readTree(TriageJson.render(profiled));
    }

    /** The diagnosis {@code triage} makes of the target, with the local processes and the driver log. */
    Diagnosis diagnose(Args args) {
        // the driver log first, as triage reads it: a wrong path fails at once, not after a long read
        Optional<DriverLog> driverLog = args.optionalText("driverLog").map(p -> DriverLogFile.read(Path.of(p)));
        ResolvedTarget target = settings.targets().resolve(args.text("target"));
        AppSnapshot snapshot = Reading.read(settings, target, args.optionalText("app"));
        return Diagnosis.of(snapshot, settings.rules().get(), LocalProcesses.sample(target.target(), snapshot.application().id()),
                driverLog);
    }
}
