CREATE TABLE sys_setting (
    name VARCHAR(64) PRIMARY KEY,
    value TEXT NOT NULL,
    update_time TIMESTAMP NOT NULL
);
