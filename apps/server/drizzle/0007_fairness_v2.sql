-- Provably fair, version 2 (issue 11): every player's seed in the deal, a committed deck opened card by
-- card, and a hash chain over every settled hand of the site.
-- committed_deck holds D and its salts for the operator's audit only: no API returns it.
-- Version 1 hands keep server_seed and client_seed; version 2 hands store '' there and their deck
-- commitment in seed_commitment.
ALTER TABLE hands ADD COLUMN fairness_version smallint NOT NULL DEFAULT 1 CHECK (fairness_version IN (1, 2));
--> statement-breakpoint
ALTER TABLE hands ADD COLUMN player_seeds jsonb;
--> statement-breakpoint
ALTER TABLE hands ADD COLUMN committed_deck jsonb;
--> statement-breakpoint
ALTER TABLE hands ADD COLUMN chain_seq bigint UNIQUE;
--> statement-breakpoint
ALTER TABLE hands ADD COLUMN previous_hash text;
--> statement-breakpoint
ALTER TABLE hands ADD COLUMN record_hash text;
--> statement-breakpoint
-- The newest link of the chain: one row, locked by each settlement, so hands chain in the order they settle.
CREATE TABLE hand_chain_head (
  id smallint PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL CHECK (seq >= 0),
  hash text NOT NULL,
  hand_id text
);
--> statement-breakpoint
INSERT INTO hand_chain_head (id, seq, hash, hand_id)
  VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000', NULL);
