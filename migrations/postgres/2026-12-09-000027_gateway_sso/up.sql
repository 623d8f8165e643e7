-- Gateway routes (JeecgBoot's sys_gateway_route): /boot/gateway/{router_id}/… forwarded to `uri`,
-- which must lie under an upstream the operator allows (LOGISTICS_GATEWAY_UPSTREAMS).
CREATE TABLE sys_gateway_route (
    id TEXT PRIMARY KEY,
    router_id TEXT NOT NULL,
    name TEXT NOT NULL,
    uri TEXT NOT NULL,
    -- 1: the upstream gets the path after /boot/gateway/{router_id}; 0: after /boot/gateway.
    strip_prefix INTEGER NOT NULL DEFAULT 1,
    -- Milliseconds.
    timeout INTEGER NOT NULL DEFAULT 10000,
    -- 1 enabled, 0 disabled.
    status INTEGER NOT NULL DEFAULT 1,
    -- Comma-separated role codes; none: every signed-in user.
    role_codes TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX idx_sys_gateway_route_router_id ON sys_gateway_route (router_id);

-- Third-party accounts bound to users (JeecgBoot's sys_third_account): a CAS user or an OpenID
-- Connect subject, one per provider and user.
CREATE TABLE sys_third_account (
    id TEXT PRIMARY KEY,
    sys_user_id VARCHAR(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
    -- cas or oidc.
    third_type TEXT NOT NULL,
    -- The CAS username or the OIDC subject.
    third_user_id TEXT NOT NULL,
    realname TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX idx_sys_third_account_third ON sys_third_account (third_type, third_user_id);
CREATE UNIQUE INDEX idx_sys_third_account_user ON sys_third_account (sys_user_id, third_type);

-- The one-time tokens a provider's callback hands the browser (GET /thirdLogin/getLoginUser/{token}):
-- kept as SHA-256 hashes, valid five minutes, used once.
CREATE TABLE sys_third_login (
    token_hash TEXT PRIMARY KEY,
    third_type TEXT NOT NULL,
    third_user_id TEXT NOT NULL,
    realname TEXT,
    expires_at TIMESTAMP NOT NULL
);
