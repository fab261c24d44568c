-- Issue 23. The table's look kept on the account: the felt's colour and the card back chosen in Settings.
-- Two columns with CHECKs (not keys in the preferences jsonb) so that the database itself refuses a value
-- outside the fixed set the web app can draw (packages/protocol TableLookSchema).
ALTER TABLE users ADD COLUMN table_felt text NOT NULL DEFAULT 'green'
  CHECK (table_felt IN ('green', 'blue', 'red', 'grey'));
--> statement-breakpoint
ALTER TABLE users ADD COLUMN card_back text NOT NULL DEFAULT 'classic'
  CHECK (card_back IN ('classic', 'navy', 'gold'));
