-- The wallet: one account per customer (main account) and currency, platform accounts on the
-- other side of every movement (cash received, revenue, customer holds), an append-only ledger of
-- entries, and the holds that orders place and later capture or release. Money is in integer
-- minor units of the account's currency (core::wallet::CURRENCIES).

CREATE TABLE wallet_account (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    -- customer: a customer's wallet (customer_id = its main account); cash, revenue, holds: the
    -- platform's side (customer_id = '').
    kind TEXT NOT NULL,
    customer_id TEXT NOT NULL DEFAULT '',
    currency TEXT NOT NULL,
    balance BIGINT NOT NULL DEFAULT 0,
    held BIGINT NOT NULL DEFAULT 0,
    credit_limit BIGINT NOT NULL DEFAULT 0,
    -- The number of entries written: the next entry is seq + 1.
    seq BIGINT NOT NULL DEFAULT 0,
    status SMALLINT NOT NULL DEFAULT 1,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_wallet_account ON wallet_account (tenant_id, kind, customer_id, currency);

-- Never updated or deleted: a balance is only ever changed by adding entries.
CREATE TABLE wallet_entry (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES wallet_account (id),
    -- The customer whose wallet it is ('' on the platform's side): the trade records' scope.
    customer_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    -- The entry's place in its account's ledger (1, 2, ...).
    seq BIGINT NOT NULL,
    -- Every entry of one movement shares its trade number; their amounts sum to zero.
    trade_no TEXT NOT NULL,
    trade_type TEXT NOT NULL,
    trade_item TEXT,
    out_trade_no TEXT,
    payment_type TEXT,
    payment_channel TEXT,
    -- The change of the posted balance and of the held amount (signed).
    amount BIGINT NOT NULL,
    held_change BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    held_after BIGINT NOT NULL,
    operator TEXT,
    remark TEXT,
    create_time TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_wallet_entry_seq ON wallet_entry (account_id, seq);
CREATE INDEX idx_wallet_entry_tenant_time ON wallet_entry (tenant_id, create_time);
CREATE INDEX idx_wallet_entry_customer ON wallet_entry (tenant_id, customer_id, create_time, id);
CREATE INDEX idx_wallet_entry_trade_no ON wallet_entry (trade_no);

CREATE TABLE wallet_hold (
    id TEXT PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES wallet_account (id),
    -- What the hold is for (an order's serial number); held, captured or released once.
    reference TEXT NOT NULL,
    amount BIGINT NOT NULL,
    -- pending, captured, released or expired.
    state TEXT NOT NULL,
    captured BIGINT,
    expires_at TIMESTAMP NOT NULL,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP
);
CREATE UNIQUE INDEX uk_wallet_hold_reference ON wallet_hold (tenant_id, reference);
CREATE INDEX idx_wallet_hold_pending ON wallet_hold (state, expires_at);
