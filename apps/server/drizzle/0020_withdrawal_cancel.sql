-- Issue 23. A player may take back their own pending withdrawal: status 'cancelled' (the money returns
-- locked -> available through the ledger, kind withdrawal_cancel).
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
--> statement-breakpoint
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled'));
