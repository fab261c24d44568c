-- Four-eyes on every credit and every payout (issue 17 part 1).
-- When and at whose request an account became an administrator: a second approver must be independent
-- of the maker (not made ADMIN at their request) and not newer than a day. NULL: an administrator from
-- before this rule or made from the environment.
ALTER TABLE users ADD COLUMN admin_since timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN admin_granted_by integer REFERENCES users (id);
--> statement-breakpoint
-- A pending credit is either a deposit or a credit adjustment; a pending one may be cancelled by its
-- maker or rejected by another administrator, with a reason.
ALTER TABLE deposits ADD COLUMN kind text NOT NULL DEFAULT 'deposit' CHECK (kind IN ('deposit', 'adjustment'));
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN closed_by integer REFERENCES users (id);
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN closed_reason text;
--> statement-breakpoint
ALTER TABLE deposits ADD COLUMN closed_at timestamptz;
--> statement-breakpoint
ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
--> statement-breakpoint
ALTER TABLE deposits ADD CONSTRAINT deposits_status_check
  CHECK (status IN ('pending', 'credited', 'reversed', 'cancelled', 'rejected'));
--> statement-breakpoint
ALTER TABLE deposits DROP CONSTRAINT deposits_status_money;
--> statement-breakpoint
ALTER TABLE deposits ADD CONSTRAINT deposits_status_money CHECK (
  (status IN ('pending', 'cancelled', 'rejected')) = (transaction_id IS NULL)
  AND (status = 'reversed') = (reversal_transaction_id IS NOT NULL)
  AND (reversal_amount IS NULL OR reversal_amount <= amount)
  AND (status IN ('cancelled', 'rejected')) = (closed_by IS NOT NULL)
);
--> statement-breakpoint
-- A withdrawal that needs two administrators: the first one's approval, until the second pays it.
ALTER TABLE withdrawals ADD COLUMN first_approved_by integer REFERENCES users (id);
--> statement-breakpoint
ALTER TABLE withdrawals ADD COLUMN first_approved_at timestamptz;
--> statement-breakpoint
-- A grant of the ADMIN role that waits for a second administrator's confirmation.
CREATE TABLE role_grants (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('ADMIN')),
  requested_by integer NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled', 'rejected')),
  resolved_by integer REFERENCES users (id),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
--> statement-breakpoint
-- At most one open grant per account.
CREATE UNIQUE INDEX role_grants_one_pending ON role_grants (user_id) WHERE status = 'pending';
