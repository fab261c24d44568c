-- Table chat (issue 12 part 7): every line said at a table, kept 30 days (the chat service deletes older
-- lines on start and daily), and the users an administrator muted site-wide. No reference to
-- poker_tables: the log of a deleted table stays readable until it ages out.
CREATE TABLE chat_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  table_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id),
  username text NOT NULL,
  -- As shown (word filter applied) and as typed (for administrators).
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 200),
  original text NOT NULL CHECK (char_length(original) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX chat_messages_table_id_idx ON chat_messages (table_id, id);
--> statement-breakpoint
CREATE INDEX chat_messages_created_at_idx ON chat_messages (created_at);
--> statement-breakpoint
CREATE TABLE chat_mutes (
  user_id integer PRIMARY KEY REFERENCES users (id),
  muted_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
