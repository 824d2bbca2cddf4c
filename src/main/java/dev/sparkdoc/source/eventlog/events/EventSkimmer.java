package dev.sparkdoc.source.eventlog.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the large, frequent non-task events (JobStart, StageSubmitted/Completed, SQL execution
 * start and AQE update) with the streaming parser into a tree of only the fields the folders
 * read. Most of their bytes are what no folder reads: a stage info's "RDD Info" and
 * "Accumulables", a job's "Properties" (the whole SparkContext configuration), a query's
 * "physicalPlanDescription" and "details"; those are skipped token by token, without building
 * nodes or decoding strings. The tree handed on is the tree {@code readTree} would give, minus
 * the skipped fields, so the folders read both alike.
 */
final class EventSkimmer {

    /** Which fields of an object are kept, and the shape of each kept value. */
    static final class Shape {
        /** Keep the whole value as it is. */
        static final Shape ALL = new Shape();

        private final Map<String, Shape> fields = new HashMap<>();

        Shape keep(Shape shape, String... names) {
            for (String name : names) {
                fields.put(name, shape);
            }
            return this;
        }

        Shape keep(String... names) {
            return keep(ALL, names);
        }

        /** The shape of the field, or null when it is skipped. */
        Shape field(String name) {
            return this == ALL ? ALL : fields.get(name);
        }
    }

    /** The times EventFolders.seeTimes reads on any event, kept on every skimmed one. */
    private static final String[] TIMES = {"Timestamp", "time", "Submission Time", "Completion Time"};

    /** StageState.applyInfo and JobStageFolder read these of a "Stage Info". */
    private static final Shape STAGE_INFO = new Shape().keep("Stage ID", "Stage Attempt ID", "Stage Name", "Details",
            "Number of Tasks", "Submission Time", "Completion Time", "Failure Reason");

    /** SparkPlanInfo as SparkPlanGraph reads it: a tree of names, simple strings and metrics. */
    private static final Shape PLAN = new Shape();

    static {
        PLAN.keep("nodeName", "simpleString", "metrics").keep(PLAN, "children");
    }

    private static final Shape JOB_PROPERTIES =
            new Shape().keep("spark.job.description", "spark.jobGroup.id", "spark.sql.execution.id");

    private static final Map<String, Shape> EVENTS = Map.of(
            "SparkListenerJobStart", new Shape().keep(TIMES).keep("Job ID", "Stage IDs")
                    .keep(STAGE_INFO, "Stage Infos").keep(JOB_PROPERTIES, "Properties"),
            "SparkListenerStageSubmitted", new Shape().keep(TIMES).keep(STAGE_INFO, "Stage Info")
                    .keep(new Shape().keep("spark.job.description"), "Properties"),
            "SparkListenerStageCompleted", new Shape().keep(TIMES).keep(STAGE_INFO, "Stage Info"),
            "SparkListenerSQLExecutionStart", new Shape().keep(TIMES).keep("executionId", "description", "modifiedConfigs")
                    .keep(PLAN, "sparkPlanInfo"),
            "SparkListenerSQLAdaptiveExecutionUpdate", new Shape().keep(TIMES).keep("executionId")
                    .keep(PLAN, "sparkPlanInfo"));

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ObjectMapper trees;

    EventSkimmer(ObjectMapper trees) {
        this.trees = trees;
    }

    /** The shape to skim an event of this type with, when it is one worth skimming. */
    static Optional<Shape> shapeOf(String type) {
        return Optional.ofNullable(EVENTS.get(EventNames.simpleName(type)));
    }

    /**
     * Reads the rest of the event object (the parser is past its "Event" value) into a tree
     * holding {@code type} as "Event" and the fields {@code shape} keeps.
     */
    ObjectNode skim(JsonParser p, String type, Shape shape) throws IOException {
        ObjectNode node = NODES.objectNode();
        node.put("Event", type);
        fields(p, shape, node);
        return node;
    }

    private void fields(JsonParser p, Shape shape, ObjectNode into) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            Shape kept = shape.field(name);
            if (kept == null) {
                p.skipChildren();
            } else {
                into.set(name, value(p, value, kept));
            }
        }
        if (t != JsonToken.END_OBJECT) {
            throw new IOException("cut JSON object");
        }
    }

    private JsonNode value(JsonParser p, JsonToken t, Shape shape) throws IOException {
        if (t == null) {
            throw new IOException("cut JSON value");
        }
        if (shape == Shape.ALL && t.isStructStart()) {
            return trees.readTree(p);
        }
        return switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                fields(p, shape, o);
                yield o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    a.add(value(p, e, shape));
                }
                yield a;
            }
            case VALUE_STRING -> NODES.textNode(p.getText());
            case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IOException("unexpected " + t);
        };
    }
}
