import { describe, expect, it } from 'vitest';
import { maskWords, wordFilter } from './wordFilter.js';

describe('the chat word filter', () => {
  it('masks an English word of the list with as many asterisks, keeping the rest of the line', () => {
    expect(maskWords('nice hand, shit river')).toBe('nice hand, **** river');
  });

  it('masks every word that begins with a stem, in any case', () => {
    expect(maskWords('FUCKING donkey, what a Fucker')).toBe('******* donkey, what a ******');
  });

  it('masks Mongolian words, with their endings', () => {
    expect(maskWords('Новшийн карт ирлээ')).toBe('******* карт ирлээ');
    expect(maskWords('гичий минь')).toBe('***** минь');
  });

  it('leaves words that only contain a listed word alone', () => {
    expect(maskWords('Dickens took a classic shitake pass')).toBe('Dickens took a classic shitake pass');
    expect(maskWords('баасанжав сайн тоглолоо')).toBe('баасанжав сайн тоглолоо');
  });

  it('applies the lists of every language to one line', () => {
    const filter = wordFilter({ en: ['darn'], mn: ['тэнэг*'] });
    expect(filter('darn тэнэгүүд')).toBe('**** ********');
  });
});
