import { useEffect, useRef, useState } from 'react';
import { parseCards } from '../cards';
import { bestHand } from '../handName';
import type { TableSocket } from '../tableSocket';
import type { TableViewState } from '../tableState';
import { applyChat, applyHandResult, type ChatEntry } from './chatLog';

/** The chat log of the open table: players' lines from the socket and the dealer's from hand results. */
export function useTableChat(client: TableSocket, state: TableViewState): ChatEntry[] {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  useEffect(() => client.onChat((message) => setEntries((now) => applyChat(now, message))), [client]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const result = state.lastResult;
  useEffect(() => {
    if (!result) return;
    const { table, hand } = stateRef.current;
    const seatInfo = (seat: number) => {
      const cards = hand?.seats.find((s) => s.seat === seat)?.cards;
      const board = hand?.board ?? [];
      return {
        username: table?.seats.find((s) => s.seat === seat)?.username ?? `#${seat + 1}`,
        best:
          hand && cards && board.length >= 3
            ? bestHand(parseCards(cards), parseCards(board), hand.variant !== 'holdem-nl')
            : null,
      };
    };
    setEntries((now) => applyHandResult(now, result, seatInfo, Date.now()));
  }, [result]);
  return entries;
}
