-- A second factor for administrators (issue 17 part 6): a TOTP secret per administrator (RFC 6238), the
-- last time step accepted (a code is never taken twice), one-time recovery codes stored hashed, and per
-- session whether it passed the factor (the admin API asks for it).
CREATE TABLE admin_second_factors (
  user_id integer PRIMARY KEY REFERENCES users (id),
  -- Base32. Pending (enrolled_at NULL) until the administrator confirms it with a first code.
  secret text NOT NULL,
  enrolled_at timestamptz,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE admin_recovery_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  code_hash text NOT NULL UNIQUE,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX admin_recovery_codes_user_id_idx ON admin_recovery_codes (user_id);
--> statement-breakpoint
ALTER TABLE access_tokens ADD COLUMN second_factor_at timestamptz;
