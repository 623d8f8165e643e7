DROP TABLE wallet_hold;
DROP TABLE wallet_entry;
DROP TABLE wallet_account;
