DROP TABLE logistics_return_account;
DROP TABLE logistics_return_track;
DROP TABLE logistics_return_comment;
DROP TABLE logistics_return_attachment;
DROP TABLE logistics_return;
