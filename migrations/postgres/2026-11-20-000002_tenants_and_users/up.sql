CREATE TABLE sys_tenant (
    id INTEGER PRIMARY KEY,
    name VARCHAR(100) NOT NULL,
    name_en VARCHAR(100),
    status SMALLINT NOT NULL DEFAULT 1,
    create_time TIMESTAMP NOT NULL
);

CREATE TABLE sys_user (
    id VARCHAR(32) PRIMARY KEY,
    username VARCHAR(100) NOT NULL,
    realname VARCHAR(100) NOT NULL DEFAULT '',
    password VARCHAR(255) NOT NULL,
    avatar VARCHAR(255),
    sex SMALLINT,
    birthday DATE,
    email VARCHAR(100),
    phone VARCHAR(32),
    telephone VARCHAR(45),
    work_no VARCHAR(100),
    org_code VARCHAR(64),
    post VARCHAR(100),
    status SMALLINT NOT NULL DEFAULT 1,
    del_flag SMALLINT NOT NULL DEFAULT 0,
    user_kind VARCHAR(16) NOT NULL CHECK (user_kind IN ('admin', 'staff', 'customer', 'sub_account')),
    main_account_id VARCHAR(32) REFERENCES sys_user (id),
    tenant_id INTEGER NOT NULL REFERENCES sys_tenant (id),
    create_by VARCHAR(32),
    create_time TIMESTAMP NOT NULL,
    update_by VARCHAR(32),
    update_time TIMESTAMP
);

CREATE UNIQUE INDEX uk_sys_user_username ON sys_user (username);
CREATE INDEX idx_sys_user_tenant ON sys_user (tenant_id, user_kind);
CREATE INDEX idx_sys_user_main_account ON sys_user (main_account_id);
