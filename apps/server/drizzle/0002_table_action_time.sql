-- A table may set its own action time (issue 6); NULL means the site setting applies.
ALTER TABLE poker_tables ADD COLUMN action_time_seconds integer
  CONSTRAINT poker_tables_action_time CHECK (action_time_seconds IS NULL OR action_time_seconds BETWEEN 5 AND 120);
