-- Issue 23. Each player's personal deposit reference ('TP' + 6 characters of an alphabet without 0, O, 1
-- and I), written on bank transfers so the cashier finds the account. New accounts get one from the server
-- (node:crypto); accounts from before get one here, drawn from PostgreSQL's strong random source
-- (gen_random_uuid), retried on the rare collision. Kept nullable: an account inserted outside the app
-- gets its reference the first time the app reads it.
ALTER TABLE users ADD COLUMN deposit_ref text;
--> statement-breakpoint
CREATE UNIQUE INDEX users_deposit_ref_key ON users (deposit_ref);
--> statement-breakpoint
DO $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  account record;
  bytes bytea;
  candidate text;
  i int;
BEGIN
  FOR account IN SELECT id FROM users WHERE deposit_ref IS NULL ORDER BY id LOOP
    LOOP
      bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
      candidate := 'TP';
      FOR i IN 0..5 LOOP
        candidate := candidate || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
      END LOOP;
      BEGIN
        UPDATE users SET deposit_ref = candidate WHERE id = account.id;
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        -- Drawn twice: draw again.
      END;
    END LOOP;
  END LOOP;
END $$;
