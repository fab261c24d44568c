-- Player protection (issue 24): limits the player sets, time-outs and self-exclusion, play sessions.
-- The limits in force, one row per player (NULL: no such limit). `pending` holds raises and removals
-- that wait out the cooling-off: {"lossDaily": {"value": 5000 | null, "effectiveAt": "…"}, …}.
CREATE TABLE player_limits (
  user_id integer PRIMARY KEY REFERENCES users (id),
  loss_daily bigint CHECK (loss_daily >= 0),
  loss_weekly bigint CHECK (loss_weekly >= 0),
  loss_monthly bigint CHECK (loss_monthly >= 0),
  deposit_daily bigint CHECK (deposit_daily >= 0),
  deposit_weekly bigint CHECK (deposit_weekly >= 0),
  deposit_monthly bigint CHECK (deposit_monthly >= 0),
  session_minutes integer CHECK (session_minutes > 0),
  reality_check_minutes integer CHECK (reality_check_minutes > 0),
  pending jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A time-out or self-exclusion. `until` NULL: indefinite. A self-exclusion ends only after the player
-- asked (`end_requested_at`) and the wait passed; nothing updates or deletes a row except that request.
CREATE TABLE player_exclusions (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('timeout', 'self-exclusion')),
  period text NOT NULL CHECK (period IN ('24h', '7d', '30d', '6m', '1y', '5y', 'indefinite')),
  starts_at timestamptz NOT NULL,
  until timestamptz,
  end_requested_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'self-exclusion' OR (until IS NOT NULL AND end_requested_at IS NULL))
);
--> statement-breakpoint
CREATE INDEX player_exclusions_user ON player_exclusions (user_id, id DESC);
--> statement-breakpoint
-- The guard behind "no administrator can lift it early": a row can only gain its end request, once.
CREATE FUNCTION player_exclusions_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'player exclusions are never deleted';
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.kind <> OLD.kind OR NEW.period <> OLD.period
     OR NEW.starts_at <> OLD.starts_at OR NEW.until IS DISTINCT FROM OLD.until
     OR OLD.end_requested_at IS NOT NULL THEN
    RAISE EXCEPTION 'a player exclusion only takes its end request, once';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER player_exclusions_hold BEFORE UPDATE OR DELETE ON player_exclusions
  FOR EACH ROW EXECUTE FUNCTION player_exclusions_hold();
--> statement-breakpoint
-- A play session: from the buy-in that found the player at no table until they hold no seat again.
-- `limit_stopped_at`: the session time limit stood the player up; no new session for a day from its start.
CREATE TABLE play_sessions (
  user_id integer PRIMARY KEY REFERENCES users (id),
  started_at timestamptz NOT NULL,
  limit_stopped_at timestamptz
);
--> statement-breakpoint
-- A deposit that waits because it would pass the player's own deposit limit.
ALTER TABLE deposits ADD COLUMN held_by_limit boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- A player's report of another player (issue 24 part 5: it lands on the administrators' security desk).
CREATE TABLE player_reports (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  reporter_id integer NOT NULL REFERENCES users (id),
  user_id integer NOT NULL REFERENCES users (id),
  table_id integer,
  hand_id text,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (reporter_id <> user_id)
);
--> statement-breakpoint
CREATE INDEX player_reports_user ON player_reports (user_id, id DESC);
