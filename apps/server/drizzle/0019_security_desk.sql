-- The security desk's detectors (issue 24 part 5). Each settled hand is read once, in settlement order
-- (hands.chain_seq), and folded into running tallies per pair and per player; the flags are read from
-- the tallies, never by rescanning hands (apps/server/src/security/, docs/player-protection.md).
-- How far the scan has read: the chain sequence of the last hand folded in.
CREATE TABLE security_scan (
  id smallint PRIMARY KEY CHECK (id = 1),
  last_seq bigint NOT NULL DEFAULT 0,
  hands bigint NOT NULL DEFAULT 0,
  scanned_at timestamptz
);
--> statement-breakpoint
INSERT INTO security_scan (id) VALUES (1);
--> statement-breakpoint
-- Two players who were dealt into the same hands (user_a < user_b); `tally` is the pair's running
-- figures and evidence hands (security/tallies.ts PairTally).
CREATE TABLE security_pairs (
  user_a integer NOT NULL REFERENCES users (id),
  user_b integer NOT NULL REFERENCES users (id),
  hands integer NOT NULL DEFAULT 0,
  tally jsonb NOT NULL,
  -- The flags the tally raised when it last changed (security/detectors.ts), and the highest score.
  flags jsonb NOT NULL DEFAULT '[]',
  top_score integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_a, user_b),
  CHECK (user_a < user_b)
);
--> statement-breakpoint
-- One player's running figures: decisions and their timing, sittings without a break (PlayerTally).
CREATE TABLE security_players (
  user_id integer PRIMARY KEY REFERENCES users (id),
  hands integer NOT NULL DEFAULT 0,
  tally jsonb NOT NULL,
  flags jsonb NOT NULL DEFAULT '[]',
  top_score integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX security_pairs_flagged ON security_pairs (top_score DESC) WHERE top_score > 0;
--> statement-breakpoint
CREATE INDEX security_players_flagged ON security_players (top_score DESC) WHERE top_score > 0;
--> statement-breakpoint
-- The address (and browser) a player last sat down from at a table: shared addresses at one table.
CREATE TABLE seat_addresses (
  table_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id),
  address text NOT NULL,
  device text NOT NULL DEFAULT '',
  seated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, user_id)
);
--> statement-breakpoint
CREATE INDEX seat_addresses_address ON seat_addresses (table_id, address);
--> statement-breakpoint
-- How long each player took for each of their decisions in the hand: [{seat, ms}] in order (bot-like
-- timing). Not part of the hand's chain link: hands settled before this column have NULL.
ALTER TABLE hands ADD COLUMN decisions jsonb;
