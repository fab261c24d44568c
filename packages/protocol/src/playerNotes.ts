import { z } from 'zod';
import { IdQuerySchema, IdSchema, IsoDateSchema, multiLineText } from './common.js';

// Player notes and colour tags (issue 23, item 6): what a player writes about other players, private to
// the writer, kept on the account and shown at the table. docs/protocol.md, "Player notes".

/** The longest note, in characters (after trimming). */
export const PLAYER_NOTE_MAX_LENGTH = 500;
/** The most players one account keeps notes on; a note on one more is refused (409 conflict). */
export const PLAYER_NOTES_MAX = 1_000;
/** The colour tags a player may put on another player (no tag: null). */
export const PLAYER_NOTE_COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export const PlayerNoteColourSchema = z.enum(PLAYER_NOTE_COLOURS);
export type PlayerNoteColour = z.infer<typeof PlayerNoteColourSchema>;

/** One note: about whom, what it says, its colour tag. */
export const PlayerNoteSchema = z.object({
  userId: IdSchema,
  username: z.string(),
  note: z.string(),
  colour: PlayerNoteColourSchema.nullable(),
  updatedAt: IsoDateSchema,
});
export type PlayerNote = z.infer<typeof PlayerNoteSchema>;

/** GET /user/notes: every note of the caller, newest first. */
export const PlayerNotesResponseSchema = z.object({ notes: z.array(PlayerNoteSchema) });
export type PlayerNotesResponse = z.infer<typeof PlayerNotesResponseSchema>;

/** PUT /user/notes/{userId}. */
export const PlayerNoteParamsSchema = z.object({ userId: IdQuerySchema });

/** PUT /user/notes/{userId}: the note and tag as they should be; an empty note with no tag removes both. */
export const PutPlayerNoteRequestSchema = z.strictObject({
  note: multiLineText().trim().max(PLAYER_NOTE_MAX_LENGTH),
  colour: PlayerNoteColourSchema.nullable(),
});
export type PutPlayerNoteRequest = z.infer<typeof PutPlayerNoteRequestSchema>;

/** PUT /user/notes/{userId}: the note now kept (null: removed). */
export const PutPlayerNoteResponseSchema = z.object({ saved: PlayerNoteSchema.nullable() });
export type PutPlayerNoteResponse = z.infer<typeof PutPlayerNoteResponseSchema>;
