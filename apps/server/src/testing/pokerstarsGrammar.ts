// A parser for PokerStars hand histories, written from the format as trackers read it (for tests):
// one hand is a header, the table line, seat lines, blinds and antes, "*** HOLE CARDS ***" with the
// hero's "Dealt to" line, actions, "*** FLOP ***" [3 cards], "*** TURN ***" [board] [1],
// "*** RIVER ***" [board] [1], an optional "*** SHOW DOWN ***" with shows and mucks, "collected" lines,
// and "*** SUMMARY ***" (total pot and rake, board, one line per seat). Any line outside the grammar
// throws, with its number. The one extension accepted is a "Deck commitment: <64 hex>" line at the
// end of the summary (provably fair, version 2). Files hold hands separated by blank lines.

const AMOUNT = String.raw`(\d+)`;
const CARDS = String.raw`((?:[2-9TJQKA][cdhs])(?: [2-9TJQKA][cdhs])*)`;
const NAME = String.raw`(.+?)`;
const ALL_IN = String.raw`( and is all-in)?`;

const re = (source: string) => new RegExp(`^${source}$`);
const HEADER = re(
  String.raw`PokerStars Hand #(\d+): (Hold'em No Limit|Omaha Pot Limit|Omaha No Limit) \(${AMOUNT}/${AMOUNT}\) - (\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}) (UTC|ET)`,
);
const TABLE = re(String.raw`Table '([^']+)' (\d+)-max Seat #(\d+) is the button`);
const SEAT = re(String.raw`Seat (\d+): ${NAME} \(${AMOUNT} in chips\)( is sitting out)?`);
const POST = re(
  String.raw`${NAME}: posts (small blind|big blind|small & big blinds|the ante) ${AMOUNT}${ALL_IN}`,
);
const DEALT = re(String.raw`Dealt to ${NAME} \[${CARDS}\]`);
const ACTION = re(
  String.raw`${NAME}: (folds|checks|calls ${AMOUNT}${ALL_IN}|bets ${AMOUNT}${ALL_IN}|raises ${AMOUNT} to ${AMOUNT}${ALL_IN})`,
);
const UNCALLED = re(String.raw`Uncalled bet \(${AMOUNT}\) returned to ${NAME}`);
const STREET = re(String.raw`\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[${CARDS}\] )?\[${CARDS}\]`);
const SHOWS = re(String.raw`${NAME}: shows \[${CARDS}\](?: \((.+)\))?`);
const MUCKS = re(String.raw`${NAME}: (?:mucks hand|doesn't show hand)`);
const COLLECTED = re(String.raw`${NAME} collected ${AMOUNT} from (pot|main pot|side pot-\d+)`);
const TOTAL = re(
  String.raw`Total pot ${AMOUNT}((?: Main pot \d+\.)?(?: Side pot-\d+ \d+\.)*) \| Rake ${AMOUNT}`,
);
const BOARD = re(String.raw`Board \[${CARDS}\]`);
const SUMMARY_SEAT = re(
  String.raw`Seat (\d+): ${NAME}(?: \((button|small blind|big blind)\))? (folded before Flop(?: \(didn't bet\))?|folded on the (?:Flop|Turn|River)|showed \[${CARDS}\] and (?:won \(${AMOUNT}\)|lost)(?: with .+)?|mucked(?: \[${CARDS}\])?|collected \(${AMOUNT}\))`,
);
const COMMITMENT = re(String.raw`Deck commitment: ([0-9a-f]{64})`);

export interface ParsedHand {
  handNumber: number;
  game: string;
  smallBlind: number;
  bigBlind: number;
  startedAt: string;
  tableName: string;
  button: number;
  seats: { seat: number; name: string; chips: number; sittingOut: boolean }[];
  dealtTo: { name: string; cards: string[] } | null;
  board: string[];
  shown: { name: string; cards: string[] }[];
  mucked: string[];
  collected: { name: string; amount: number }[];
  totalPot: number;
  rake: number;
  summary: string[];
  deckCommitment: string | null;
  /** Every card named anywhere in the hand. */
  cards: string[];
}

const cardsOf = (text: string | undefined) => (text ? text.split(' ') : []);

/** Parses one hand; throws `line N: ...` on anything outside the grammar or inconsistent. */
export function parseHand(text: string): ParsedHand {
  const lines = text.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`line ${i + 1}: ${why}: ${JSON.stringify(lines[i] ?? '<end>')}`);
  };
  const take = (pattern: RegExp, why: string) => (pattern.exec(lines[i]) ?? fail(why)).slice(1);
  const at = (pattern: RegExp) => i < lines.length && pattern.test(lines[i]);

  const [handNumber, game, sb, bb, startedAt] = take(HEADER, 'header');
  i++;
  const [tableName, max, button] = take(TABLE, 'table line');
  i++;
  const hand: ParsedHand = {
    handNumber: Number(handNumber),
    game,
    smallBlind: Number(sb),
    bigBlind: Number(bb),
    startedAt,
    tableName,
    button: Number(button),
    seats: [],
    dealtTo: null,
    board: [],
    shown: [],
    mucked: [],
    collected: [],
    totalPot: 0,
    rake: 0,
    summary: [],
    deckCommitment: null,
    cards: [],
  };
  while (at(SEAT)) {
    const [seat, name, chips, out] = take(SEAT, 'seat');
    if (Number(seat) < 1 || Number(seat) > Number(max)) fail('seat number out of range');
    hand.seats.push({ seat: Number(seat), name, chips: Number(chips), sittingOut: !!out });
    i++;
  }
  if (hand.seats.length < 2) fail('at least two seats');
  const names = new Set(hand.seats.map((s) => s.name));
  const player = (name: string) => (names.has(name) ? name : fail(`unknown player ${name}`));
  while (at(POST)) {
    player(take(POST, 'post')[0]);
    i++;
  }
  if (lines[i] !== '*** HOLE CARDS ***') fail('hole cards');
  i++;
  if (at(DEALT)) {
    const [name, cards] = take(DEALT, 'dealt');
    hand.dealtTo = { name: player(name), cards: cardsOf(cards) };
    i++;
  }
  const streets = ['FLOP', 'TURN', 'RIVER'];
  let street = 0;
  for (;;) {
    if (at(ACTION)) player(take(ACTION, 'action')[0]);
    else if (at(UNCALLED)) player(take(UNCALLED, 'uncalled')[1]);
    else if (at(STREET)) {
      const [name, before, added] = take(STREET, 'street');
      if (name !== streets[street]) fail(`${streets[street]} expected`);
      if (cardsOf(before).join(' ') !== hand.board.join(' ')) fail('the board so far');
      if (cardsOf(added).length !== (street === 0 ? 3 : 1)) fail('cards dealt on the street');
      hand.board.push(...cardsOf(added));
      street++;
    } else break;
    i++;
  }
  if (lines[i] === '*** SHOW DOWN ***') {
    i++;
    for (;;) {
      if (at(SHOWS)) {
        const [name, cards] = take(SHOWS, 'shows');
        hand.shown.push({ name: player(name), cards: cardsOf(cards) });
      } else if (at(MUCKS)) hand.mucked.push(player(take(MUCKS, 'mucks')[0]));
      else break;
      i++;
    }
  }
  while (at(COLLECTED) || at(MUCKS)) {
    if (at(MUCKS)) hand.mucked.push(player(take(MUCKS, 'mucks')[0]));
    else {
      const [name, amount] = take(COLLECTED, 'collected');
      hand.collected.push({ name: player(name), amount: Number(amount) });
    }
    i++;
  }
  if (lines[i] !== '*** SUMMARY ***') fail('summary');
  i++;
  const [total, , rake] = take(TOTAL, 'total pot');
  hand.totalPot = Number(total);
  hand.rake = Number(rake);
  i++;
  if (at(BOARD)) {
    if (take(BOARD, 'board')[0] !== hand.board.join(' ')) fail('summary board differs from the streets');
    i++;
  } else if (hand.board.length) fail('board line');
  while (at(SUMMARY_SEAT)) {
    const [seat, name] = take(SUMMARY_SEAT, 'summary seat');
    if (hand.seats.find((s) => s.seat === Number(seat))?.name !== name) fail('summary seat and name differ');
    hand.summary.push(lines[i]);
    i++;
  }
  if (at(COMMITMENT)) {
    hand.deckCommitment = take(COMMITMENT, 'commitment')[0];
    i++;
  }
  if (i < lines.length) fail('unexpected line');
  const won = hand.collected.reduce((sum, c) => sum + c.amount, 0);
  if (won + hand.rake !== hand.totalPot) {
    i = 0;
    fail(`collected ${won} + rake ${hand.rake} is not the total pot ${hand.totalPot}`);
  }
  hand.cards = [...text.matchAll(/\[([^\]]+)\]/g)].flatMap((m) =>
    m[1].split(' ').filter((c) => /^[2-9TJQKA][cdhs]$/.test(c)),
  );
  return hand;
}

/** Splits a file of hands (separated by one or more blank lines) and parses each. */
export function parseHandFile(text: string): ParsedHand[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}(?=PokerStars Hand #)/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block, index) => {
      try {
        return parseHand(block + '\n');
      } catch (error) {
        throw new Error(`hand ${index + 1}: ${(error as Error).message}`, { cause: error });
      }
    });
}
