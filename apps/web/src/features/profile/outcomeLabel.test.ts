import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import mn from '../../locales/mn.json';
import { outcomeLabelKey } from './outcomeLabel';

const label = (dictionary: typeof en, type: string, amount: number) => {
  const key = outcomeLabelKey(type, amount).split('.').at(-1)!;
  return (dictionary.profile.history.types as Record<string, string>)[key];
};

describe('the game history outcome label', () => {
  it('a hand won reads Gameplay Win, a hand lost reads Gameplay Loss', () => {
    expect(label(en, 'gameplay', 12_500)).toBe('Gameplay Win');
    expect(label(en, 'gameplay', -19_756)).toBe('Gameplay Loss');
  });

  it('says the same in Mongolian, with different words for a win and a loss', () => {
    expect(label(mn, 'gameplay', 12_500)).toBe('Тоглолтын хожил');
    expect(label(mn, 'gameplay', -19_756)).toBe('Тоглолтын хожигдол');
  });

  it('a hand that broke even is not called a loss', () => {
    expect(outcomeLabelKey('gameplay', 0)).toBe('profile.history.types.gameplay');
  });

  it('other rows keep their type names, and an unknown type reads Other', () => {
    expect(outcomeLabelKey('buy_in', 10_000)).toBe('profile.history.types.buy_in');
    expect(outcomeLabelKey('tournament_prize', 5_000)).toBe('profile.history.types.tournament_prize');
    expect(outcomeLabelKey('bonus', -1)).toBe('profile.history.types.bonus');
    expect(outcomeLabelKey('mystery', 1)).toBe('profile.history.types.other');
  });

  it('names every move of a satellite ticket, in English and in Mongolian', () => {
    const moves = [
      'tournament_ticket',
      'tournament_ticket_entry',
      'tournament_ticket_return',
      'tournament_ticket_refund',
    ];
    expect(moves.map((type) => label(en, type, 3_300))).toEqual([
      'Satellite Ticket Won',
      'Tournament Entry with Ticket',
      'Ticket Returned',
      'Ticket Refunded in Cash',
    ]);
    expect(moves.map((type) => label(mn, type, 3_300))).toEqual([
      'Сателлитын тасалбар хожсон',
      'Тасалбараар тэмцээнд бүртгүүлсэн',
      'Тасалбар буцаж ирсэн',
      'Тасалбарын үнийг бэлнээр буцаасан',
    ]);
  });
});
