-- Tenger Poker: the initial schema. Hand-written; one folder serves PGlite and PostgreSQL.
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'PLAYER' CHECK (role IN ('PLAYER', 'ADMIN')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  is_bot boolean NOT NULL DEFAULT false,
  bank text NOT NULL DEFAULT '',
  account_number text NOT NULL DEFAULT '',
  preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
--> statement-breakpoint
CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX access_tokens_user ON access_tokens (user_id);
--> statement-breakpoint
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE TABLE mail_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
--> statement-breakpoint
CREATE TABLE poker_tables (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  no integer NOT NULL UNIQUE,
  name text NOT NULL,
  variant text NOT NULL CHECK (variant IN ('holdem', 'omaha')),
  betting text NOT NULL CHECK (betting IN ('no-limit', 'pot-limit')),
  small_blind bigint NOT NULL,
  big_blind bigint NOT NULL,
  min_buy_in bigint NOT NULL,
  max_buy_in bigint NOT NULL,
  max_players integer NOT NULL CHECK (max_players BETWEEN 2 AND 9),
  closed boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT poker_tables_stakes CHECK (
    small_blind > 0 AND small_blind <= big_blind AND big_blind <= min_buy_in AND min_buy_in <= max_buy_in
  )
);
--> statement-breakpoint
-- The ledger. Every account's balance is the sum of its postings; the trigger below keeps the cached
-- balance in step, and the CHECK keeps player money (and the house's rake and jackpot) from going negative.
CREATE TABLE ledger_accounts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (
    kind IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot', 'bonus', 'bot_bankroll', 'outside_bank')
  ),
  user_id integer REFERENCES users (id),
  table_id integer REFERENCES poker_tables (id),
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_never_negative CHECK (
    kind NOT IN ('player_available', 'player_locked', 'player_seat', 'house_rake', 'jackpot') OR balance >= 0
  ),
  CONSTRAINT ledger_accounts_owner CHECK ((kind LIKE 'player_%') = (user_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_seat CHECK ((kind = 'player_seat') = (table_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX ledger_accounts_user ON ledger_accounts (user_id);
--> statement-breakpoint
CREATE TABLE ledger_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  request_hash text,
  table_id integer,
  hand_id text,
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE ledger_postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id integer NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, transaction_id);
--> statement-breakpoint
CREATE INDEX ledger_postings_transaction ON ledger_postings (transaction_id);
--> statement-breakpoint
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are never updated or deleted; post a correction instead';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO net FROM ledger_postings WHERE transaction_id = NEW.transaction_id;
  IF net <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (net %)', NEW.transaction_id, net;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE TABLE deposits (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  note text,
  created_by integer NOT NULL REFERENCES users (id),
  transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX deposits_user ON deposits (user_id, id);
--> statement-breakpoint
CREATE TABLE withdrawals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by integer REFERENCES users (id),
  request_transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  resolve_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id)
);
--> statement-breakpoint
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
--> statement-breakpoint
CREATE INDEX withdrawals_status ON withdrawals (status, id);
--> statement-breakpoint
CREATE TABLE content_blocks (
  name text PRIMARY KEY,
  body jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE site_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
