import { describe, expect, it } from 'vitest';
import { oneLanguageChanged } from './blockLanguages';

describe('a content block edit in one language only', () => {
  const before = { en: 'Transfer to Khan Bank', mn: 'Хаан банк руу шилжүүлнэ үү' };
  it('names the language changed and the one left with the old text', () => {
    expect(oneLanguageChanged(before, { ...before, en: 'Transfer to Golomt Bank' })).toEqual({
      changed: 'en',
      other: 'mn',
    });
    expect(oneLanguageChanged(before, { ...before, mn: 'Голомт банк руу' })).toEqual({
      changed: 'mn',
      other: 'en',
    });
  });
  it('is silent when both or neither changed (spaces at the ends do not count)', () => {
    expect(oneLanguageChanged(before, { en: 'A', mn: 'Б' })).toBeNull();
    expect(oneLanguageChanged(before, before)).toBeNull();
    expect(oneLanguageChanged(before, { en: `${before.en} `, mn: before.mn })).toBeNull();
  });
});
