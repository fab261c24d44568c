import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCard, rankLabel, SUIT_SYMBOL, suitColour } from './cards';

export interface PlayingCardProps {
  /** 'As', or null for a card face down. */
  card: string | null;
  fourColour: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Plays the deal animation once (off when animations are off: the table root turns all of them off). */
  dealt?: boolean;
  /** Stagger of the deal animation, in ms. */
  delayMs?: number;
  dim?: boolean;
  highlight?: boolean;
}

/** One card drawn with HTML and CSS: rank and suit in the corner and a big suit in the middle, or the back. */
export function PlayingCard({
  card,
  fourColour,
  size = 'md',
  dealt,
  delayMs,
  dim,
  highlight,
}: PlayingCardProps) {
  const { t } = useTranslation();
  const parsed = card ? parseCard(card) : null;
  const style: CSSProperties | undefined = delayMs ? { animationDelay: `${delayMs}ms` } : undefined;
  const classes = [
    'pcard',
    `pcard--${size}`,
    dealt ? 'pcard--dealt' : '',
    dim ? 'pcard--dim' : '',
    highlight ? 'pcard--win' : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (!parsed) {
    return (
      <span className={`${classes} pcard--back`} style={style} role="img" aria-label={t('table.cardBack')} />
    );
  }
  const colour = suitColour(parsed.suit, fourColour);
  const label = t('table.cardName', {
    rank: t(`table.ranks.${parsed.rank}`),
    suit: t(`table.suits.${parsed.suit}`),
  });
  return (
    <span
      className={`${classes} pcard--${colour}${fourColour ? ' pcard--four' : ''}`}
      style={style}
      role="img"
      aria-label={label}
      data-card={parsed.code}
    >
      <span className="pcard__corner" aria-hidden="true">
        <span className="pcard__rank">{rankLabel(parsed.rank)}</span>
        <span className="pcard__suit">{SUIT_SYMBOL[parsed.suit]}</span>
      </span>
      <span className="pcard__pip" aria-hidden="true">
        {SUIT_SYMBOL[parsed.suit]}
      </span>
    </span>
  );
}
