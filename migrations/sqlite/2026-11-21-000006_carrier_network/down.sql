DROP TABLE logistics_number_segment;
DROP TABLE logistics_price_level;
DROP TABLE logistics_product_postal;
DROP TABLE logistics_product_validity;
DROP TABLE logistics_channel_product;
DROP TABLE logistics_rate_card;
DROP TABLE logistics_channel;
DROP TABLE logistics_supplier;
