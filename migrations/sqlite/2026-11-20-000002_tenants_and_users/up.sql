CREATE TABLE sys_tenant (
    id INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT,
    status SMALLINT NOT NULL DEFAULT 1,
    create_time TIMESTAMP NOT NULL
);

CREATE TABLE sys_user (
    id TEXT PRIMARY KEY NOT NULL,
    username TEXT NOT NULL,
    realname TEXT NOT NULL DEFAULT '',
    password TEXT NOT NULL,
    avatar TEXT,
    sex SMALLINT,
    birthday DATE,
    email TEXT,
    phone TEXT,
    telephone TEXT,
    work_no TEXT,
    org_code TEXT,
    post TEXT,
    status SMALLINT NOT NULL DEFAULT 1,
    del_flag SMALLINT NOT NULL DEFAULT 0,
    user_kind TEXT NOT NULL CHECK (user_kind IN ('admin', 'staff', 'customer', 'sub_account')),
    main_account_id TEXT REFERENCES sys_user (id),
    tenant_id INTEGER NOT NULL REFERENCES sys_tenant (id),
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);

CREATE UNIQUE INDEX uk_sys_user_username ON sys_user (username);
CREATE INDEX idx_sys_user_tenant ON sys_user (tenant_id, user_kind);
CREATE INDEX idx_sys_user_main_account ON sys_user (main_account_id);
