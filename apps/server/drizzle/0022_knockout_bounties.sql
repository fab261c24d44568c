-- Progressive knockout bounties (issue 21): the percent of each buy-in that goes onto the player's head
-- as a bounty instead of into the prize pool (0: none). Bounty cash moves as ledger transactions of the
-- kind 'tournament_bounty' (the kind column has no CHECK: nothing else to change).
ALTER TABLE tournaments ADD COLUMN bounty_percent integer NOT NULL DEFAULT 0 CHECK (bounty_percent BETWEEN 0 AND 90);
