-- Satellites (issue 21): a tournament whose prizes are tickets to a target tournament. The satellite
-- names its target and the ticket's value (the target's buy-in + fee when it was set: a target's
-- buy-in and fee cannot change while satellites feed it). A ticket's value sits in the winner's ticket
-- account for the target (ledger kind 'player_ticket', never negative) until it pays an entry of the
-- target or is refunded in cash; each ticket is a row here (held, used or refunded), written in the
-- same transaction as its ledger posting.
ALTER TABLE tournaments ADD COLUMN target_id integer REFERENCES tournaments (id);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN ticket_value bigint CHECK (ticket_value > 0);
--> statement-breakpoint
ALTER TABLE tournaments ADD CONSTRAINT tournaments_satellite CHECK ((target_id IS NULL) = (ticket_value IS NULL));
--> statement-breakpoint
CREATE TABLE tournament_tickets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  award_key text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id),
  satellite_id integer NOT NULL REFERENCES tournaments (id),
  target_id integer NOT NULL REFERENCES tournaments (id),
  value bigint NOT NULL CHECK (value > 0),
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'used', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX tournament_tickets_user ON tournament_tickets (user_id);
--> statement-breakpoint
CREATE INDEX tournament_tickets_target ON tournament_tickets (target_id, user_id);
--> statement-breakpoint
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  kind IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot', 'bonus', 'bot_bankroll',
           'outside_bank', 'tournament_pool', 'tournament_fees', 'tournament_guarantee', 'player_ticket')
);
--> statement-breakpoint
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_never_negative;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_never_negative CHECK (
  kind NOT IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot', 'tournament_pool',
               'tournament_fees', 'player_ticket') OR balance >= 0
);
