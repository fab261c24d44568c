-- Tables of a tournament (issue 19) are ordinary poker_tables rows, so /ws/table/{id}, hand records,
-- replay and exports work for them as for cash tables. `tournament_id` marks them: the cash lobby and
-- the admin's table list leave them out, and no cash runtime is ever built for them. Their `no` is
-- negative (-(tournament id × 10000 + table number)) so they never take a cash table's number.
ALTER TABLE poker_tables ADD COLUMN tournament_id integer REFERENCES tournaments (id);
--> statement-breakpoint
CREATE INDEX poker_tables_tournament ON poker_tables (tournament_id) WHERE tournament_id IS NOT NULL;
