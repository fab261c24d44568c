/**
 * Where seats sit around the oval, for a table of 2..9 seats. The viewer's own seat is turned to the
 * bottom centre; play runs clockwise on the screen (bottom → left → top → right), as at a real table.
 * Positions are percentages of the table area so the same numbers work on a phone and a desktop.
 */

export interface SeatPosition {
  seat: number;
  /** Centre of the seat plate, % of the table box. */
  x: number;
  y: number;
  /** Where this seat's bet sits (towards the middle). */
  betX: number;
  betY: number;
  /** The dealer button's spot beside the bet. */
  buttonX: number;
  buttonY: number;
}

export const MIN_SEATS = 2;
export const MAX_SEATS = 9;

/** Radii of the ring seats sit on, and of the ring bets sit on, in % of the box (x, y). */
const SEAT_RING = { rx: 44, ry: 42 };
const BET_RING = { rx: 29, ry: 25 };
const BUTTON_RING = { rx: 30, ry: 30 };

/**
 * Positions for every seat index 0..maxSeats-1. `bottomSeat` (the viewer's seat, or null for a spectator)
 * is drawn at the bottom; a spectator sees seat 0 there.
 * `portrait` stretches the ring vertically for a tall phone screen.
 */
export function seatPositions(maxSeats: number, bottomSeat: number | null, portrait = false): SeatPosition[] {
  const count = Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.floor(maxSeats)));
  const anchor = bottomSeat !== null && bottomSeat >= 0 && bottomSeat < count ? bottomSeat : 0;
  const stretch = portrait ? { x: 0.92, y: 1.05 } : { x: 1, y: 1 };
  const positions: SeatPosition[] = [];
  for (let seat = 0; seat < count; seat += 1) {
    const step = (seat - anchor + count) % count;
    const angle = Math.PI / 2 + (step * 2 * Math.PI) / count;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const buttonAngle = angle + Math.PI / count / 1.6;
    positions.push({
      seat,
      x: round(50 + SEAT_RING.rx * stretch.x * cos),
      y: round(50 + SEAT_RING.ry * stretch.y * sin),
      betX: round(50 + BET_RING.rx * stretch.x * cos),
      betY: round(50 + BET_RING.ry * stretch.y * sin),
      buttonX: round(50 + BUTTON_RING.rx * stretch.x * Math.cos(buttonAngle)),
      buttonY: round(50 + BUTTON_RING.ry * stretch.y * Math.sin(buttonAngle)),
    });
  }
  return positions;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
