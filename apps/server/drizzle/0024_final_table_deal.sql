-- The final-table deal (issue 21): the whole percent of the prizes still to be won that a deal keeps to
-- play for (the winner after the deal takes it); 0: a deal shares everything and ends the tournament.
-- Deal payments are ledger transactions of the kind 'tournament_prize' (the kind column has no CHECK).
ALTER TABLE tournaments ADD COLUMN deal_kept_percent integer NOT NULL DEFAULT 0 CHECK (deal_kept_percent BETWEEN 0 AND 100);
