import { describe, expect, it } from 'vitest';
import { MAX_TABLES, TABLE_SET_KEY, TableSet } from './tableSet';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

const seated = { name: 'Altai', yourTurn: false, seated: true };
const watching = { name: 'Gobi', yourTurn: false, seated: false };

describe('the set of tables played at once', () => {
  it('adds tables in order, each taking the focus; one already open is only focused', () => {
    const set = new TableSet(memoryStorage());
    expect(set.add('7')).toBe('added');
    expect(set.add('8')).toBe('added');
    expect(set.getState()).toMatchObject({ ids: ['7', '8'], focused: '8' });
    expect(set.add('7')).toBe('present');
    expect(set.getState()).toMatchObject({ ids: ['7', '8'], focused: '7' });
  });

  it('holds at most four: a fifth is refused and changes nothing', () => {
    const set = new TableSet(memoryStorage());
    for (const id of ['1', '2', '3', '4']) set.add(id);
    expect(MAX_TABLES).toBe(4);
    expect(set.canAdd('5')).toBe(false);
    expect(set.canAdd('3')).toBe(true);
    expect(set.add('5')).toBe('full');
    expect(set.getState()).toMatchObject({ ids: ['1', '2', '3', '4'], focused: '4' });
  });

  it('closing the focused table moves the focus to its neighbour; closing the last empties the set', () => {
    const set = new TableSet(memoryStorage());
    for (const id of ['1', '2', '3']) set.add(id);
    set.focus('2');
    set.close('2');
    expect(set.getState()).toMatchObject({ ids: ['1', '3'], focused: '3' });
    set.close('1');
    expect(set.getState()).toMatchObject({ ids: ['3'], focused: '3' });
    set.close('3');
    expect(set.getState()).toMatchObject({ ids: [], focused: null });
  });

  it('focus only moves to a table in the set', () => {
    const set = new TableSet(memoryStorage());
    set.add('1');
    set.add('2');
    set.focus('9');
    expect(set.getState().focused).toBe('2');
    set.focus('1');
    expect(set.getState().focused).toBe('1');
  });

  it('keeps each table’s your-turn flag; a report for a table not in the set is ignored', () => {
    const set = new TableSet(memoryStorage());
    set.add('1');
    set.add('2');
    let heard = 0;
    set.subscribe(() => heard++);
    set.report('1', { ...seated, yourTurn: true });
    set.report('1', { ...seated, yourTurn: true });
    set.report('9', seated);
    expect(heard).toBe(1);
    expect(set.getState().status).toEqual({ '1': { ...seated, yourTurn: true } });
    set.report('1', seated);
    expect(set.getState().status['1']?.yourTurn).toBe(false);
  });

  it('a tournament move puts the new table in the old one’s place', () => {
    const set = new TableSet(memoryStorage());
    set.add('1');
    set.add('2');
    set.focus('1');
    set.report('1', seated);
    set.replace('1', '5');
    expect(set.getState()).toMatchObject({ ids: ['5', '2'], focused: '5', status: {} });
    set.replace('5', '2');
    expect(set.getState()).toMatchObject({ ids: ['2'], focused: '2' });
  });

  it('going to the lobby lets go of the tables only watched; seated and not-yet-known ones stay', () => {
    const set = new TableSet(memoryStorage());
    for (const id of ['1', '2', '3']) set.add(id);
    set.report('1', seated);
    set.report('2', watching);
    set.pruneWatched();
    expect(set.getState()).toMatchObject({ ids: ['1', '3'], focused: '3' });
  });

  it('is kept in session storage (ids and focus; a table only watched is let go on reload), and damaged values are ignored', () => {
    const storage = memoryStorage();
    const set = new TableSet(storage);
    set.add('1');
    set.add('2');
    set.focus('1');
    expect(new TableSet(storage).getState()).toEqual({ ids: ['1', '2'], focused: '1', status: {} });
    // A reload lets go of a table only watched.
    set.report('2', watching);
    set.report('1', seated);
    expect(new TableSet(storage).getState()).toEqual({ ids: ['1'], focused: '1', status: {} });
    const damaged = memoryStorage({
      [TABLE_SET_KEY]: JSON.stringify({ ids: ['1', 2, '', '1', '3', '4', '5', '6'], focused: 'x' }),
    });
    expect(new TableSet(damaged).getState()).toEqual({ ids: ['1', '3', '4', '5'], focused: '1', status: {} });
    expect(new TableSet(memoryStorage({ [TABLE_SET_KEY]: '{' })).getState().ids).toEqual([]);
  });
});
