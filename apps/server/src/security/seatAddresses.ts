// The address (and browser) each player sat down from at each table, for the security desk's
// shared-address detector, and the setting that refuses a second seat from one address.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { SettingsService } from '../settings/settingsService.js';

const DEVICE_MAX_LENGTH = 200;

export class SeatAddresses {
  constructor(
    private readonly db: Database,
    private readonly settings: Pick<SettingsService, 'get'>,
  ) {}

  /**
   * Whether the seat must be refused: the setting is on and another player seated at the table
   * (`seated`, from the live table) sat down from the same address.
   */
  async refuses(
    tableId: number,
    userId: number,
    address: string,
    seated: readonly number[],
  ): Promise<boolean> {
    const others = seated.filter((id) => id !== userId);
    if (!address || others.length === 0 || !(await this.settings.get()).security.refuseSharedAddress)
      return false;
    const rows = await queryRows<{ user_id: number }>(
      this.db,
      sql`SELECT user_id FROM seat_addresses
           WHERE table_id = ${tableId} AND address = ${address}
             AND user_id IN (${sql.join(
               others.map((id) => sql`${id}`),
               sql`, `,
             )})
           LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** Remembers where the player sits down from (the latest sitting at the table wins). */
  async record(tableId: number, userId: number, address: string, device: string): Promise<void> {
    if (!address) return;
    await this.db.execute(
      sql`INSERT INTO seat_addresses (table_id, user_id, address, device, seated_at)
          VALUES (${tableId}, ${userId}, ${address}, ${device.slice(0, DEVICE_MAX_LENGTH)}, now())
          ON CONFLICT (table_id, user_id) DO UPDATE
            SET address = EXCLUDED.address, device = EXCLUDED.device, seated_at = EXCLUDED.seated_at`,
    );
  }
}
