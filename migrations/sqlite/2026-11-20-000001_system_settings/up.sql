CREATE TABLE sys_setting (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL,
    update_time TIMESTAMP NOT NULL
);
