-- Tournaments (issue 19): a tournament's settings, its director's state (a snapshot saved after every
-- step: entrants, stacks, tables, level and the time left in it) and one row per entry for the
-- players' lists. Money: each tournament's prize pool and the house's tournament fees are ledger
-- accounts like any other (never negative), so the books stay zero.
CREATE TABLE tournaments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('sng', 'mtt')),
  variant text NOT NULL CHECK (variant IN ('holdem', 'omaha')),
  betting text NOT NULL CHECK (betting IN ('no-limit', 'pot-limit')),
  buy_in bigint NOT NULL CHECK (buy_in >= 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  starting_stack integer NOT NULL CHECK (starting_stack > 0),
  table_size integer NOT NULL CHECK (table_size BETWEEN 2 AND 9),
  min_entrants integer NOT NULL CHECK (min_entrants >= 2),
  max_entrants integer NOT NULL CHECK (max_entrants >= min_entrants),
  starts_at timestamptz,
  levels jsonb NOT NULL,
  action_seconds integer NOT NULL CHECK (action_seconds BETWEEN 5 AND 120),
  status text NOT NULL DEFAULT 'registering'
    CHECK (status IN ('scheduled', 'registering', 'running', 'break', 'finished', 'cancelled')),
  snapshot jsonb,
  created_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
--> statement-breakpoint
CREATE TABLE tournament_entries (
  tournament_id integer NOT NULL REFERENCES tournaments (id),
  user_id integer NOT NULL REFERENCES users (id),
  place integer,
  prize bigint NOT NULL DEFAULT 0,
  registered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, user_id)
);
--> statement-breakpoint
CREATE INDEX tournament_entries_user ON tournament_entries (user_id);
--> statement-breakpoint
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  kind IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot', 'bonus', 'bot_bankroll',
           'outside_bank', 'tournament_pool', 'tournament_fees')
);
--> statement-breakpoint
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_never_negative;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_never_negative CHECK (
  kind NOT IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot', 'tournament_pool',
               'tournament_fees') OR balance >= 0
);
