-- Admin money controls (issue 9): deposits that wait for a second administrator, reversals, closed
-- accounts, and the payout details stored with each withdrawal.
ALTER TABLE deposits ADD COLUMN status text NOT NULL DEFAULT 'credited'
  CHECK (status IN ('pending', 'credited', 'reversed'));
--> statement-breakpoint
-- A pending deposit has not moved money yet: no ledger transaction until it is approved.
ALTER TABLE deposits ALTER COLUMN transaction_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN request_key text UNIQUE;
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN approved_by integer REFERENCES users (id);
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN approved_at timestamptz;
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN reversal_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id);
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN reversal_amount bigint CHECK (reversal_amount > 0);
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN reversal_reason text;
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN reversed_by integer REFERENCES users (id);
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN reversed_at timestamptz;
--> statement-breakpoint
UPDATE deposits SET approved_at = created_at;
--> statement-breakpoint
ALTER TABLE deposits ADD CONSTRAINT deposits_status_money CHECK (
  (status = 'pending') = (transaction_id IS NULL)
  AND (status = 'reversed') = (reversal_transaction_id IS NOT NULL)
  AND (reversal_amount IS NULL OR reversal_amount <= amount)
);
--> statement-breakpoint
CREATE INDEX deposits_status ON deposits (status, id);
--> statement-breakpoint
ALTER TABLE users DROP CONSTRAINT users_status_check;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_status_check CHECK (status IN ('active', 'blocked', 'deleted'));
--> statement-breakpoint
ALTER TABLE withdrawals ADD COLUMN bank text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE withdrawals ADD COLUMN account_number text NOT NULL DEFAULT '';
--> statement-breakpoint
-- Existing withdrawals had no stored details: the best record is the owner's details now.
UPDATE withdrawals w SET bank = u.bank, account_number = u.account_number FROM users u WHERE u.id = w.user_id;
