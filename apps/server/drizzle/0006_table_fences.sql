-- Fencing tokens for table ownership (issue 10): a process that takes a table's lease gets the next
-- token here; a hand settles only while its owner's token is still the newest, so a process that lost
-- its lease (a pause, a partition) can never settle a hand the new owner has voided.
CREATE TABLE table_fences (
  table_id integer PRIMARY KEY,
  token bigint NOT NULL CHECK (token > 0),
  owner text NOT NULL DEFAULT '',
  issued_at timestamptz NOT NULL DEFAULT now()
);
