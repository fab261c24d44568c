// Table chat: the CHAT command on /ws/table/{tableId}, the chat lines the server pushes, and the
// administrators' chat log and site-wide mute (HTTP). Chat lines are not table events: they carry no
// `seq` and RESUME does not replay them; a (re)connecting viewer gets the recent lines at once instead.
import { z } from 'zod';
import { IdQuerySchema, IdSchema, limitQuery, singleLineText } from './common.js';

/** The longest chat line a player may send (characters, after trimming). */
export const CHAT_TEXT_MAX = 200;
/** How many recent lines a viewer gets on joining a table. */
export const CHAT_HISTORY_LINES = 50;
/** Chat lines older than this are deleted (days). */
export const CHAT_RETENTION_DAYS = 30;

/** What a player types: one line, no control characters, 1..200 characters once trimmed. */
export const ChatTextSchema = singleLineText()
  .trim()
  .min(1, 'Type a message')
  .max(CHAT_TEXT_MAX, `At most ${CHAT_TEXT_MAX} characters`);

/** Client -> server: say something at this table (logged-in viewers: seated players and spectators). */
export const ChatCommandSchema = z.object({
  type: z.literal('CHAT'),
  text: ChatTextSchema,
  requestId: singleLineText().min(1).max(64).optional(),
});

/** One chat line as everybody sees it (the word filter already applied). */
export const ChatLineSchema = z.object({
  type: z.literal('chat'),
  id: IdSchema,
  userId: IdSchema,
  username: z.string(),
  text: z.string(),
  /** Epoch milliseconds. */
  time: z.int(),
});
export type ChatLine = z.infer<typeof ChatLineSchema>;

/** Server -> client: new chat lines (one when said; the recent ones, oldest first, on joining). */
export const ChatServerMessageSchema = z.object({
  type: z.literal('CHAT'),
  lines: z.array(ChatLineSchema),
  /** True for the recent lines sent on joining (replace what the client had). */
  history: z.boolean().optional(),
});
export type ChatServerMessage = z.infer<typeof ChatServerMessageSchema>;

// ---- administrators (HTTP) ----

/** GET /api/v1/admin/table/chat?tableId&before&limit: a table's chat log, newest first. */
export const AdminChatQuerySchema = z.object({
  tableId: IdQuerySchema,
  before: IdQuerySchema.optional(),
  limit: limitQuery(500, 'Must be 1..500').optional(),
});
export const AdminChatLineSchema = ChatLineSchema.omit({ type: true }).extend({
  /** The text as typed, before the word filter. */
  original: z.string(),
  /** Whether the author is muted site-wide now. */
  muted: z.boolean(),
});
export type AdminChatLine = z.infer<typeof AdminChatLineSchema>;
export const AdminChatLogSchema = z.object({ lines: z.array(AdminChatLineSchema) });
export type AdminChatLog = z.infer<typeof AdminChatLogSchema>;

/** PUT /api/v1/admin/user/chat-mute: mute (or unmute) a user's chat at every table. */
export const ChatMuteRequestSchema = z.object({
  userId: IdSchema,
  muted: z.boolean(),
});
export type ChatMuteRequest = z.infer<typeof ChatMuteRequestSchema>;
