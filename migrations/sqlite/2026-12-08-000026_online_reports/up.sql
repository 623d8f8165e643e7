-- Online reports (JeecgBoot's onl_cgreport_head): one read-only SELECT each, checked by core's SQL
-- parser, over the platform's database or a data source; its columns (`items`: JeecgBoot's
-- onl_cgreport_item) and parameters (`params`: onl_cgreport_param) are JSON arrays on the row.
-- Data sources (JeecgBoot's sys_data_source): external PostgreSQL or SQLite databases for
-- reports; the password is encrypted (AES-256-GCM) with a key from configuration.
CREATE TABLE sys_data_source (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    -- postgres or sqlite.
    db_type TEXT NOT NULL,
    -- postgres://host:port/database, or an SQLite file's path.
    db_url TEXT NOT NULL,
    db_username TEXT,
    -- v1:<base64 of nonce and ciphertext>; never sent to a client.
    db_password TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_sys_data_source_code ON sys_data_source (code);

CREATE TABLE onl_cgreport_head (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    cgr_sql TEXT NOT NULL,
    -- A data source's code; none: the platform's own database.
    db_source TEXT,
    content TEXT,
    items TEXT NOT NULL,
    params TEXT NOT NULL,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_onl_cgreport_head_code ON onl_cgreport_head (code);
