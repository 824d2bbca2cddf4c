package dev.sparkdoc.facts;

/**
 * One thing a finding can be about: the app, a job, a stage attempt, an executor, a SQL
 * execution, a local process or a streaming query's run.
 *
 * @param id   stable id within the kind ("12.0" for stage 12 attempt 0, "driver", "7")
 * @param name what the user recognises (the job description, the stage name, the host)
 */
public record Scope(ScopeKind kind, String id, String name) {

    public static Scope app(String id, String name) {
        return new Scope(ScopeKind.APP, id, name);
    }

    /** The id as people read it: "12" for attempt 0 of stage 12, "12 (attempt 1)" for a retry. */
    public String displayId() {
        int dot = id.indexOf('.');
        if (kind != ScopeKind.STAGE || dot < 0) {
            return id;
        }
        String attempt = id.substring(dot + 1);
        return attempt.equals("0") ? id.substring(0, dot) : id.substring(0, dot) + " (attempt " + attempt + ")";
    }

    /** e.g. {@code stage 12 (attempt 0) "groupBy at job.py:42"}. */
    public String label() {
        String what = switch (kind) {
            case STAGE -> stageLabel();
            case SQL -> "query " + id;
            // "Streaming {scope.label}" in a title reads "Streaming query \"events\"" (the id is a UUID: the name first)
            case STREAM -> name.isBlank() ? "query " + id : "query";
            default -> kind.id() + " " + id;
        };
        return name.isBlank() ? what : what + " \"" + name + "\"";
    }

    private String stageLabel() {
        int dot = id.indexOf('.');
        return dot < 0 ? "stage " + id : "stage " + id.substring(0, dot) + " (attempt " + id.substring(dot + 1) + ")";
    }
}
