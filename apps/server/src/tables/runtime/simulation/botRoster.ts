// Bot accounts in the database: marked is_bot, with an unusable password, created when short.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.js';
import type { BotRoster } from './director.js';

const BOT_NAMES = [
  'Bat',
  'Bold',
  'Saraa',
  'Tuya',
  'Naraa',
  'Temuulen',
  'Enkhjin',
  'Oyuka',
  'Ganbaa',
  'Dulmaa',
  'Erdene',
  'Sukhee',
  'Anu',
  'Zaya',
  'Munkh',
  'Khulan',
  'Tsogoo',
  'Altan',
  'Nomin',
  'Bilguun',
];

export class DatabaseBotRoster implements BotRoster {
  constructor(private readonly db: Database) {}

  async freeBots(count: number, busy: ReadonlySet<number>): Promise<number[]> {
    // A bot with a stored seat (durable seats: maybe at a table of another process) is busy too.
    const existing = await queryRows<{ id: number; seated: boolean }>(
      this.db,
      sql`SELECT id, EXISTS (SELECT 1 FROM table_seats s WHERE s.user_id = users.id) AS seated
          FROM users WHERE is_bot AND status = 'active' ORDER BY id`,
    );
    const free = existing.filter((r) => !r.seated && !busy.has(Number(r.id))).map((r) => Number(r.id));
    let n = existing.length;
    while (free.length < count) {
      n++;
      const name = `${BOT_NAMES[n % BOT_NAMES.length]}${n}`;
      const created = await queryRows<{ id: number }>(
        this.db,
        sql`INSERT INTO users (username, email, password_hash, is_bot)
            VALUES (${name}, ${`${name.toLowerCase()}@bots.tenger.local`}, '!', true)
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (created[0]) free.push(Number(created[0].id));
      if (n > existing.length + count + 100) break;
    }
    return free.slice(0, count);
  }
}
