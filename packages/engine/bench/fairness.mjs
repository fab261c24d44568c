/* global process, console */
// Provably fair cost per hand, version 2 against version 1, through the public API (dist/index.js):
//   commit  = commitDeck(): shuffle D from node:crypto, 52 salts, 52 leaves and the Merkle root
//   deal    = dealtDeck(): the key from the root, the hand id and 6 seeds, HMAC stream, π, D[π(k)]
//   open    = openCards() of 9 cards (a showdown's board and two shown hands), tree rebuilt once
//   verify  = verifyHandFairness() of those 9 cards, as the browser runs it
//   v1      = newServerSeed() + commitment() + deckFromSeed() (the old scheme), for comparison
// Each figure is the best of several rounds, in CPU time of this process (the machine may be shared).
//   node bench/fairness.mjs            (after npm run build)

const ROUNDS = 7;
const PER_ROUND = 2_000;

export async function benchFairness() {
  const engine = await import('../dist/index.js');
  const seeds = [0, 1, 2, 3, 4, 5].map((seat) => ({
    seat,
    userId: seat + 1,
    seed: seat % 2 ? '' : `seed-${seat}`,
  }));
  const committed = engine.commitDeck();
  const handId = '3f2b8c1e-0000-4000-8000-000000000001';
  const dealt = engine.dealtDeck(committed, handId, seeds);
  const shown = dealt
    .slice(0, 12)
    .filter((_, k) => k % 6 < 2)
    .concat(dealt.slice(12, 17));
  const openings = engine.openCards(committed, shown);
  const hand = {
    handNumber: 1,
    variant: 'holdem-nl',
    button: 5,
    smallBlindSeat: 0,
    seats: seeds.map((s, i) => ({
      seat: s.seat,
      dealtIn: true,
      holeCards: i < 2 ? [dealt[i], dealt[i + 6]] : [],
      shownCards: i < 2 ? [dealt[i], dealt[i + 6]] : null,
    })),
    board: dealt.slice(12, 17),
  };
  const fairness = engine.fairnessRecord(committed, handId, seeds, openings);
  if (!engine.verifyHandFairness(hand, fairness, { viewerSeat: 0 }).ok)
    throw new Error('bench hand does not verify');

  const time = (work) => {
    let best = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const start = process.cpuUsage();
      for (let i = 0; i < PER_ROUND; i++) work(i);
      const used = process.cpuUsage(start);
      best = Math.min(best, (used.user + used.system) / PER_ROUND);
    }
    return best; // µs per call
  };
  let sink = 0;
  const commitUs = time(() => {
    sink ^= engine.commitDeck().deck[0];
  });
  const dealUs = time((i) => {
    sink ^= engine.dealtDeck(committed, `${handId}${i}`, seeds)[0];
  });
  const openUs = time(() => {
    sink ^= engine.openCards(committed, shown).length;
  });
  const verifyUs = time(() => {
    sink ^= engine.verifyHandFairness(hand, fairness, { viewerSeat: 0 }).cardsChecked;
  });
  const v1Us = time((i) => {
    const serverSeed = engine.newServerSeed();
    engine.commitment(serverSeed);
    sink ^= engine.deckFromSeed(serverSeed, 'client', i)[0];
  });
  if (sink === 0.5) console.log('(impossible)');
  return { commitUs, dealUs, commitAndDealUs: commitUs + dealUs, openUs, verifyUs, v1Us };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchFairness();
  const f = (us) => `${us.toFixed(1)} µs`;
  console.log(
    `node ${process.version}; best of ${ROUNDS} rounds of ${PER_ROUND.toLocaleString('en')}, CPU time`,
  );
  console.log(`version 2  commitDeck()                         ${f(r.commitUs)}`);
  console.log(`           dealtDeck() with 6 seeds              ${f(r.dealUs)}`);
  console.log(`           commit + deal per hand                ${f(r.commitAndDealUs)}`);
  console.log(`           openCards() of 9 cards                ${f(r.openUs)}`);
  console.log(`           verifyHandFairness() of 9 cards       ${f(r.verifyUs)}`);
  console.log(`version 1  newServerSeed + commitment + deck     ${f(r.v1Us)}`);
  console.log(
    JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v.toFixed(1))]))),
  );
}
