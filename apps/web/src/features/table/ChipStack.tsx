import type { CSSProperties } from 'react';
import { useTableAmount } from './tableAmounts';

/** Chip colours by denomination, largest first. */
const DENOMINATIONS: readonly { value: number; colour: string }[] = [
  { value: 100_000, colour: '#7b3fbf' },
  { value: 10_000, colour: '#d4a017' },
  { value: 1_000, colour: '#222' },
  { value: 100, colour: '#1e6fd9' },
  { value: 25, colour: '#2e9e5b' },
  { value: 5, colour: '#d63a3a' },
  { value: 1, colour: '#f2f2f2' },
];
const MAX_CHIPS_DRAWN = 6;

/** The chips to draw for an amount: greedy by denomination, at most a few so the stack stays small. */
export function chipColours(amount: number): string[] {
  const colours: string[] = [];
  let rest = Math.max(0, Math.floor(amount));
  for (const { value, colour } of DENOMINATIONS) {
    while (rest >= value && colours.length < MAX_CHIPS_DRAWN) {
      colours.push(colour);
      rest -= value;
    }
  }
  return colours.reverse();
}

export interface ChipStackProps {
  amount: number;
  /** Where the chips fly in from (the seat), in % of the table, for the chip animation. */
  from?: { dx: number; dy: number };
  className?: string;
  label?: string;
}

/** A small stack of SVG chips with the amount beside it. */
export function ChipStack({ amount, from, className, label }: ChipStackProps) {
  const written = useTableAmount();
  const colours = chipColours(amount);
  const style = from ? ({ '--dx': from.dx, '--dy': from.dy } as CSSProperties) : undefined;
  return (
    <span className={['chips', from ? 'chips--fly' : '', className ?? ''].join(' ').trim()} style={style}>
      <svg className="chips__stack" viewBox={`0 0 20 ${10 + colours.length * 3}`} aria-hidden="true">
        {colours.map((colour, index) => {
          const y = 4 + (colours.length - 1 - index) * 3 + 3;
          return (
            <g key={index}>
              <ellipse cx="10" cy={y + 1.5} rx="9" ry="3.5" fill="rgb(0 0 0 / 35%)" />
              <ellipse
                cx="10"
                cy={y}
                rx="9"
                ry="3.5"
                fill={colour}
                stroke="rgb(255 255 255 / 75%)"
                strokeWidth="0.8"
                strokeDasharray="2.2 1.6"
              />
            </g>
          );
        })}
      </svg>
      <span className="chips__amount">{label ?? written(amount)}</span>
    </span>
  );
}
