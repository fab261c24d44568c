-- Issue 20. Two rows every table's settlement wrote, the house rake and the jackpot, and one row every
-- stored hand wrote, the head of the hand chain, were locked from their statement until the settlement's
-- COMMIT: across one or more round trips to a Node process whose event loop, under load, answered in
-- hundreds of milliseconds. With 1,700 tables on two processes the settlements queued on those rows until
-- the connection pools ran dry (bench:load). Both now happen at COMMIT, inside PostgreSQL, in deferred
-- triggers: the rows are held only while the commit runs.
--
-- 1. A posting may be applied at commit (`at_commit`): only a credit (amount > 0), so it can never take a
--    non-negative account below zero; the ledger marks credits to the house rake and the jackpot so
--    (ledger.ts AT_COMMIT_KINDS) and does not lock those rows. The balances are exact once committed.
ALTER TABLE ledger_postings ADD COLUMN at_commit boolean NOT NULL DEFAULT false
  CHECK (NOT at_commit OR amount > 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER ledger_postings_apply ON ledger_postings;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  FOR EACH ROW WHEN (NOT NEW.at_commit) EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_apply_at_commit AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.at_commit) EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
-- 2. The hand chain is linked at commit: the settlement stores the hand and the canonical text of its chained
--    record (hands/handStore.ts) here; the deferred trigger locks the head, hashes exactly as handRecordHash
--    does (SHA-256 of previousHash, a newline and that text), links the hand and forgets the text.
CREATE TABLE hand_chain_pending (
  hand_id text PRIMARY KEY,
  canonical text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION hand_chain_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous_seq bigint;
  previous text;
  linked text;
BEGIN
  SELECT seq, hash INTO previous_seq, previous FROM hand_chain_head WHERE id = 1 FOR UPDATE;
  linked := encode(sha256(convert_to(previous || chr(10) || NEW.canonical, 'UTF8')), 'hex');
  UPDATE hands SET chain_seq = previous_seq + 1, previous_hash = previous, record_hash = linked
    WHERE id = NEW.hand_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'hand_chain_pending: no hand %', NEW.hand_id;
  END IF;
  UPDATE hand_chain_head SET seq = previous_seq + 1, hash = linked, hand_id = NEW.hand_id WHERE id = 1;
  DELETE FROM hand_chain_pending WHERE hand_id = NEW.hand_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER hand_chain_link AFTER INSERT ON hand_chain_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hand_chain_link();
