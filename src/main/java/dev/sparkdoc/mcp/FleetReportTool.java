package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.fleet.Since;
import dev.sparkdoc.fleet.store.FleetReports;
import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.report.FleetSummaryJson;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code sparkdoc fleet report}: the fleet store's costly rules, recurring verdicts, regressions and new failures. */
final class FleetReportTool implements SparkdocTool {

    private final McpSettings settings;

    FleetReportTool(McpSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "fleet_report";
    }

    @Override
    public String description() {
        return "Report over the fleet store that 'sparkdoc fleet DIR' fills (every application of an event-log folder):"
                + " the rules costing most time in the period, applications whose top finding recurs run after run,"
                + " regressions (latest run slower than its median, with its new findings) and new failures. Answers"
                + " the JSON of 'sparkdoc fleet report --json' (docs/fleet.md#the-fleet-report).";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "additionalProperties": false, "properties": {
                  "store": {"type": "string", "description": "the SQLite fleet store (default: $XDG_DATA_HOME/sparkdoc/fleet.db)"},
                  "since": {"type": "string", "description": "the period: a duration back from now (24h, 7d, 2w) or a day (2026-12-01); default 7d"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) throws Exception {
        Path store = args.optionalText("store").map(Path::of).orElse(settings.fleetStore());
        if (!Files.isRegularFile(store)) {
            throw new ToolError("no fleet store at " + store + ": run 'sparkdoc fleet DIR' first, or give store");
        }
        long sinceMs;
        try {
            sinceMs = Since.epochMs(args.optionalText("since").orElse("7d"), settings.clock());
        } catch (IllegalArgumentException e) {
            throw new ToolError(e.getMessage().replace("--since", "since"));
        }
        FleetReports.Result result;
        try (FleetStore db = FleetStore.open(store)) {
            result = FleetReports.run(db, sinceMs);
        }
        return Json.mapper().readTree(FleetSummaryJson.render(result, store.toString(), settings.version()));
    }
}
