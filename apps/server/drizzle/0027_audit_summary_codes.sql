-- Issue 23. An audit row stores its summary as a code and parameters too, so that the admin panel shows it
-- in the reader's language; the English `summary` text stays (the CSV, and rows written before).
ALTER TABLE audit_log ADD COLUMN summary_code text;
--> statement-breakpoint
ALTER TABLE audit_log ADD COLUMN summary_params jsonb NOT NULL DEFAULT '{}'::jsonb;
