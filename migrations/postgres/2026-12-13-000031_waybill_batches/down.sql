DROP TABLE logistics_waybill_batch_item;
DROP TABLE logistics_waybill_batch;
