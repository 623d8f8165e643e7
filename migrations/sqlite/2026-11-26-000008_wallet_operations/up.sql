-- The wallet's operations: recharges and their review, each day's figures for the dashboards,
-- the idempotency keys of money-moving requests, and the read-only views the lists show
-- (customers' accounts, customers' trade records, holds) with the customer's name.

CREATE TABLE wallet_recharge (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    -- Minor units of the currency.
    amount BIGINT NOT NULL,
    -- bank (a transfer with its voucher) or an online provider (sandbox).
    channel TEXT NOT NULL,
    -- The payer's reference (bank transfer number) or the provider's order number.
    out_trade_no TEXT NOT NULL,
    voucher TEXT,
    -- pending, confirmed or rejected; confirmed credits the wallet once (trade_no).
    status TEXT NOT NULL,
    reason TEXT,
    trade_no TEXT,
    remark TEXT,
    create_by TEXT,
    create_time TIMESTAMP NOT NULL,
    update_by TEXT,
    update_time TIMESTAMP,
    review_by TEXT,
    review_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_wallet_recharge_out_trade_no ON wallet_recharge (tenant_id, customer_id, out_trade_no);
CREATE INDEX idx_wallet_recharge_status ON wallet_recharge (tenant_id, status, create_time);

-- Each customer's movements per business day, currency and trade type: what the trade and
-- payment dashboards sum (written in the same transaction as the entries).
CREATE TABLE wallet_daily (
    tenant_id INTEGER NOT NULL,
    customer_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    -- YYYY-MM-DD in the business time zone.
    day TEXT NOT NULL,
    trade_type TEXT NOT NULL,
    amount BIGINT NOT NULL,
    held_change BIGINT NOT NULL,
    entries BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, customer_id, currency, day, trade_type)
);
CREATE INDEX idx_wallet_daily_day ON wallet_daily (tenant_id, day);

-- A money-moving request's Idempotency-Key, per user: the first answer, kept 24 hours.
CREATE TABLE sys_idempotency (
    user_id TEXT NOT NULL,
    idem_key TEXT NOT NULL,
    -- The method, path and body the key was first used with (SHA-256, hex).
    request_hash TEXT NOT NULL,
    -- NULL while the first request is in flight.
    status_code INTEGER,
    response TEXT,
    create_time TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX idx_sys_idempotency_time ON sys_idempotency (create_time);

CREATE VIEW wallet_customer_account AS
SELECT a.id, a.tenant_id, a.customer_id, COALESCE(u.username, '') AS customer_username,
       COALESCE(u.realname, '') AS customer_name, a.currency, a.balance, a.held, a.credit_limit,
       a.balance - a.held + a.credit_limit AS available, a.seq, a.status, a.create_time, a.update_time
FROM wallet_account a LEFT JOIN sys_user u ON u.id = a.customer_id
WHERE a.kind = 'customer';

CREATE VIEW wallet_trade AS
SELECT e.id, e.tenant_id, e.customer_id, COALESCE(u.username, '') AS customer_username, e.currency, e.seq,
       e.trade_no, e.trade_type, e.trade_item, e.out_trade_no, e.payment_type, e.payment_channel, e.amount,
       e.held_change, e.balance_after, e.held_after, e.operator, e.remark, e.create_time
FROM wallet_entry e LEFT JOIN sys_user u ON u.id = e.customer_id
WHERE e.customer_id <> '';

CREATE VIEW wallet_hold_view AS
SELECT h.id, h.tenant_id, a.customer_id, COALESCE(u.username, '') AS customer_username, a.currency,
       h.reference, h.amount, h.state, h.captured, h.expires_at, h.create_time, h.update_time
FROM wallet_hold h JOIN wallet_account a ON a.id = h.account_id LEFT JOIN sys_user u ON u.id = a.customer_id;
