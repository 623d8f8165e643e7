-- PostgreSQL shards its order tally (row locks); SQLite writes one transaction at a time and
-- keeps one row per customer, type and status.
SELECT 1;
