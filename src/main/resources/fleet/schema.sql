-- The fleet store of sparkdoc (docs/fleet.md says what each column means).
-- One statement per ';'. Plain SQL types, so that the same tables load into Spark SQL.
CREATE TABLE IF NOT EXISTS applications (
    app_key           TEXT PRIMARY KEY,
    app_id            TEXT,
    attempt           TEXT,
    name              TEXT,
    user_name         TEXT,
    spark_version     TEXT,
    cluster_manager   TEXT,
    start_ms          BIGINT,
    end_ms            BIGINT,
    wall_ms           BIGINT,
    status            TEXT NOT NULL,
    reason            TEXT,
    time_account_json TEXT,
    log_path          TEXT NOT NULL,
    log_size          BIGINT NOT NULL,
    log_modified_ms   BIGINT NOT NULL,
    sparkdoc_version  TEXT,
    rules_hash        TEXT,
    day               TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS applications_log ON applications (log_path);
CREATE INDEX IF NOT EXISTS applications_name ON applications (name, start_ms);
CREATE TABLE IF NOT EXISTS findings (
    app_key        TEXT NOT NULL,
    rank           INTEGER NOT NULL,
    rule           TEXT NOT NULL,
    family         TEXT,
    severity       TEXT NOT NULL,
    seconds_lost   DOUBLE PRECISION,
    scope          TEXT,
    title          TEXT,
    evidence_json  TEXT,
    remedies_json  TEXT,
    day            TEXT NOT NULL,
    PRIMARY KEY (app_key, rank)
);
CREATE INDEX IF NOT EXISTS findings_rule ON findings (rule, day);
-- Every log read, with what it was then: the incremental skip. Not part of the reports: two logs of
-- one attempt (an .inprogress and its final log, or copies) are one application row but two logs here.
CREATE TABLE IF NOT EXISTS logs_read (
    log_path        TEXT PRIMARY KEY,
    log_size        BIGINT NOT NULL,
    log_modified_ms BIGINT NOT NULL,
    app_key         TEXT NOT NULL
);
