import { CONTENT_BLOCKS, type ContentBlockName } from './constants';

/** Where each content block the site uses is shown: a translation key under `contentPlaces`. */
export const CONTENT_BLOCK_PLACES: Record<ContentBlockName, string> = {
  [CONTENT_BLOCKS.lobbyBanner]: 'lobbyBanner',
  [CONTENT_BLOCKS.jackpotRules]: 'jackpotRules',
  [CONTENT_BLOCKS.contestTeaser]: 'contestTeaser',
  [CONTENT_BLOCKS.tournamentComingSoon]: 'tournamentComingSoon',
  [CONTENT_BLOCKS.depositInstructions]: 'depositInstructions',
  [CONTENT_BLOCKS.footer]: 'footer',
  [CONTENT_BLOCKS.terms]: 'terms',
};

/** The names the site reads, in the order of the pages. */
export const USED_BLOCK_NAMES = Object.keys(CONTENT_BLOCK_PLACES) as ContentBlockName[];

/** True when a block with this name is shown somewhere on the site. */
export function isUsedBlockName(name: string): name is ContentBlockName {
  return Object.hasOwn(CONTENT_BLOCK_PLACES, name);
}
