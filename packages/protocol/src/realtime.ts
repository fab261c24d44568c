import { z } from 'zod';
import { ErrorCodeSchema, IdSchema, MoneySchema, singleLineText } from './common.js';

/** The global realtime channel's path. */
export const GLOBAL_CHANNEL_PATH = '/ws/global';

/** Client -> server on /ws/global. */
export const GlobalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AUTH'), token: singleLineText().min(1).max(200) }),
  z.object({ type: z.literal('PING') }),
]);
export type GlobalClientMessage = z.infer<typeof GlobalClientMessageSchema>;

export const BalanceUpdateMessageSchema = z.object({
  type: z.literal('BALANCE_UPDATE'),
  data: z.object({ userId: IdSchema, balance: MoneySchema, locked: MoneySchema }),
});
export const JackpotUpdateMessageSchema = z.object({
  type: z.literal('GAME'),
  action: z.literal('JACKPOT_UPDATE'),
  amount: MoneySchema,
});
export const AuthOkMessageSchema = z.object({ type: z.literal('AUTH_OK'), userId: IdSchema });
export const PongMessageSchema = z.object({ type: z.literal('PONG') });
export const ChannelErrorMessageSchema = z.object({
  type: z.literal('ERROR'),
  code: ErrorCodeSchema.extract(['bad_message', 'unauthorized', 'too_many_messages', 'busy']),
  message: z.string(),
});

/** Server -> client on /ws/global. */
export const GlobalServerMessageSchema = z.union([
  BalanceUpdateMessageSchema,
  JackpotUpdateMessageSchema,
  AuthOkMessageSchema,
  PongMessageSchema,
  ChannelErrorMessageSchema,
]);
export type GlobalServerMessage = z.infer<typeof GlobalServerMessageSchema>;
export type BalanceUpdateMessage = z.infer<typeof BalanceUpdateMessageSchema>;
export type JackpotUpdateMessage = z.infer<typeof JackpotUpdateMessageSchema>;
