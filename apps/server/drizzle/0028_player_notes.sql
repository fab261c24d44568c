-- Issue 23 item 6. Notes and colour tags a player keeps on other players: one row per (writer, subject),
-- private to the writer (users/playerNotes.ts reads only the caller's rows). An empty note with no tag
-- is no row at all.
CREATE TABLE player_notes (
  owner_id integer NOT NULL REFERENCES users (id),
  subject_id integer NOT NULL REFERENCES users (id),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  colour text CHECK (colour IN ('red', 'orange', 'yellow', 'green', 'blue', 'purple')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, subject_id),
  CHECK (owner_id <> subject_id),
  CHECK (note <> '' OR colour IS NOT NULL)
);
