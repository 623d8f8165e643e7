DROP TABLE logistics_label_swap;
