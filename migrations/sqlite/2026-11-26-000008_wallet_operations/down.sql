DROP VIEW wallet_hold_view;
DROP VIEW wallet_trade;
DROP VIEW wallet_customer_account;
DROP TABLE sys_idempotency;
DROP TABLE wallet_daily;
DROP TABLE wallet_recharge;
