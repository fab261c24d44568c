-- Finished hands (issue 4). A hand is written only when it is settled, in the same transaction as its
-- ledger postings: a running hand's seed and hole cards are never in the database.
CREATE TABLE hands (
  id text PRIMARY KEY,
  table_id integer NOT NULL REFERENCES poker_tables (id),
  hand_number integer NOT NULL CHECK (hand_number > 0),
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL DEFAULT now(),
  variant text NOT NULL,
  record jsonb NOT NULL,
  server_seed text NOT NULL,
  seed_commitment text NOT NULL,
  client_seed text NOT NULL,
  phh text NOT NULL,
  pokerstars text NOT NULL,
  total_pot bigint NOT NULL CHECK (total_pot >= 0),
  rake bigint NOT NULL CHECK (rake >= 0),
  jackpot_contribution bigint NOT NULL CHECK (jackpot_contribution >= 0),
  jackpot_payout bigint NOT NULL DEFAULT 0 CHECK (jackpot_payout >= 0)
);
--> statement-breakpoint
CREATE INDEX hands_table_number ON hands (table_id, hand_number DESC);
--> statement-breakpoint
CREATE TABLE hand_players (
  hand_id text NOT NULL REFERENCES hands (id),
  user_id integer NOT NULL REFERENCES users (id),
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 8),
  net bigint NOT NULL,
  won bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (hand_id, user_id)
);
--> statement-breakpoint
CREATE INDEX hand_players_user ON hand_players (user_id, hand_id);
