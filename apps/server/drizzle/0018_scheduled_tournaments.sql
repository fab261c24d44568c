-- Scheduled tournaments (issue 21): registration opening at its time, late registration and re-entry,
-- rebuys and an add-on, a guarantee, a recurring schedule (the next instance is created once: one row
-- may name this one as its previous), and the contest teaser's tournament (featured). The house's
-- guarantee account pays each overlay and may go negative (like the bonus account).
ALTER TABLE tournaments ADD COLUMN registration_opens_at timestamptz;
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN late_reg_levels integer NOT NULL DEFAULT 0 CHECK (late_reg_levels >= 0);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN max_entries integer NOT NULL DEFAULT 1 CHECK (max_entries >= 1);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN rebuy_levels integer NOT NULL DEFAULT 0 CHECK (rebuy_levels >= 0);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN max_rebuys integer NOT NULL DEFAULT 0 CHECK (max_rebuys >= 0);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN add_on boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN guarantee bigint NOT NULL DEFAULT 0 CHECK (guarantee >= 0);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN recurrence text CHECK (recurrence IN ('daily', 'weekly'));
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN time_zone text;
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN previous_id integer UNIQUE REFERENCES tournaments (id);
--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN featured boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (
  kind IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot', 'bonus', 'bot_bankroll',
           'outside_bank', 'tournament_pool', 'tournament_fees', 'tournament_guarantee')
);
