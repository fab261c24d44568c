-- Issue 23. Registration confirms 18+ and the site's terms (content block `terms`): when it was accepted.
-- Accounts from before stay null.
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;
