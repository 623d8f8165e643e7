-- Every card takes its partition's zones back into its body.
UPDATE logistics_rate_card
SET body = json_set(body, '$.zones', json((SELECT p.zones FROM logistics_partition p WHERE p.id = logistics_rate_card.partition_id)))
WHERE partition_id IS NOT NULL;
DROP INDEX idx_logistics_rate_card_partition;
ALTER TABLE logistics_rate_card DROP COLUMN partition_id;
DROP TABLE logistics_partition;
