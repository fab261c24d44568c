-- Append-only audit log (issue 9): every admin action and security event, written in the same
-- transaction as the change it records. The database itself refuses to change or remove a row.
CREATE TABLE audit_log (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  actor_name text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  action text NOT NULL,
  target_type text NOT NULL DEFAULT '',
  target_id text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT ''
);
--> statement-breakpoint
CREATE INDEX audit_log_at ON audit_log (id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_actor ON audit_log (actor_id, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
