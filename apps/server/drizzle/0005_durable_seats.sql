-- Durable seats (issue 10 part 2): who sits where at each live table, the hand in play (so its number
-- is never dealt again and a crash records it as voided), and whether bots fill the table.
-- A seat's chips are its ledger seat account: between hands that is the stack, during a hand the
-- stack as the hand began (nothing of a running hand moves money until it settles).
CREATE TABLE table_seats (
  table_id integer NOT NULL REFERENCES poker_tables (id),
  seat integer NOT NULL CHECK (seat >= 0 AND seat < 10),
  user_id integer NOT NULL REFERENCES users (id),
  sitting_out boolean NOT NULL DEFAULT false,
  time_bank_ms integer NOT NULL DEFAULT 0 CHECK (time_bank_ms >= 0),
  PRIMARY KEY (table_id, seat),
  UNIQUE (table_id, user_id)
);
--> statement-breakpoint
CREATE TABLE table_state (
  table_id integer PRIMARY KEY REFERENCES poker_tables (id),
  simulation boolean NOT NULL DEFAULT false,
  -- The hand dealt last: written before its first card is dealt.
  hand_id text,
  hand_number integer,
  seed_commitment text,
  hand_started_at timestamptz
);
--> statement-breakpoint
-- Hands that never settled (a crash, or a settlement the database refused): their numbers stay used.
CREATE TABLE voided_hands (
  table_id integer NOT NULL REFERENCES poker_tables (id),
  hand_number integer NOT NULL,
  hand_id text NOT NULL,
  seed_commitment text NOT NULL,
  started_at timestamptz NOT NULL,
  voided_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL,
  PRIMARY KEY (table_id, hand_number)
);
