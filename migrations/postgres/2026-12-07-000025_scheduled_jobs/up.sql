-- Scheduled jobs (JeecgBoot's sys_quartz_job), each a handler registered in code with a Quartz cron
-- expression; `next_fire_time` is the slot the next run claims (a conditional update moves it on,
-- so one instance of a cluster runs each slot). The history: one line per attempt of a run, unique
-- per job, slot and attempt, with a lease a dead instance's run expires by.
CREATE TABLE sys_quartz_job (
    id TEXT PRIMARY KEY,
    job_class_name TEXT NOT NULL,
    cron_expression TEXT NOT NULL,
    parameter TEXT,
    description TEXT,
    -- 0 on schedule, -1 paused.
    status SMALLINT NOT NULL,
    next_fire_time TIMESTAMP,
    last_fire_time TIMESTAMP,
    last_status TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_sys_quartz_job_name ON sys_quartz_job (job_class_name);
CREATE INDEX idx_sys_quartz_job_due ON sys_quartz_job (status, next_fire_time);

CREATE TABLE sys_quartz_job_log (
    id TEXT PRIMARY KEY,
    job_id TEXT NOT NULL,
    job_class_name TEXT NOT NULL,
    slot_time TIMESTAMP NOT NULL,
    -- schedule, manual.
    trigger_type TEXT NOT NULL,
    instance TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    -- running, success, failed.
    status TEXT NOT NULL,
    message TEXT,
    start_time TIMESTAMP NOT NULL,
    end_time TIMESTAMP,
    duration_ms BIGINT,
    lease_until TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX idx_sys_quartz_job_log_slot ON sys_quartz_job_log (job_id, slot_time, trigger_type, attempt);
CREATE INDEX idx_sys_quartz_job_log_job ON sys_quartz_job_log (job_id, start_time);
CREATE INDEX idx_sys_quartz_job_log_running ON sys_quartz_job_log (status, lease_until);
