import type {
  BettingStructure,
  CreateTournamentRequest,
  TableVariant,
  TournamentStructure,
} from '@tenger/protocol';
import type { TournamentSummary } from '../../api/tournamentTypes';
import { levelsOfRows, type AnteKind, type LevelRow } from './customLevels';
import { DEFAULT_SCHEDULE_TIME_ZONE } from './ScheduledFormatFields';

/**
 * The admin's starting points for a new tournament: Sit & Go at 6 and 9 seats on each named structure
 * (regular, turbo, hyper; docs/tournaments.md), and a multi-table tournament starting in an hour. Every
 * field stays editable in the form.
 */
export const TOURNAMENT_TEMPLATES: readonly TournamentTemplate[] = [
  sitAndGo(6, 'regular'),
  sitAndGo(6, 'turbo'),
  sitAndGo(6, 'hyper'),
  sitAndGo(9, 'regular'),
  sitAndGo(9, 'turbo'),
  sitAndGo(9, 'hyper'),
  {
    key: 'mtt',
    kind: 'mtt',
    tableSize: 9,
    structure: 'regular',
    buyIn: 50_000,
    fee: 5_000,
    startingStack: 10_000,
    minEntrants: 10,
    maxEntrants: 500,
  },
];

export interface TournamentTemplate {
  /** `sng6-turbo`, …, `mtt`: also the key of its name in the locales (admin.tournaments.templates). */
  key: string;
  kind: 'sng' | 'mtt';
  tableSize: number;
  structure: TournamentStructure;
  buyIn: number;
  fee: number;
  startingStack: number;
  minEntrants: number;
  maxEntrants: number;
}

function sitAndGo(seats: 6 | 9, structure: TournamentStructure): TournamentTemplate {
  return {
    key: `sng${seats}-${structure}`,
    kind: 'sng',
    tableSize: seats,
    structure,
    buyIn: 10_000,
    fee: 1_000,
    startingStack: 1_500,
    minEntrants: 2,
    maxEntrants: seats,
  };
}

/** A multi-table tournament's default start: the next whole hour at least an hour away. */
const MTT_LEAD_MS = 60 * 60 * 1000;

/** The structure select's choice for the administrator's own levels (customLevels.ts). */
export const CUSTOM_STRUCTURE = 'custom';

/**
 * The form's values: the create request with the start as a `datetime-local` string (the browser's time),
 * the structure optional on an edit ("keep the levels as they are"), and `custom` with the rows of the
 * administrator's own levels and who pays the ante.
 */
export interface TournamentFormValues extends Omit<
  CreateTournamentRequest,
  'startsAt' | 'structure' | 'levels' | 'actionSeconds' | 'registrationOpensAt' | 'recurrence' | 'timeZone'
> {
  structure?: TournamentStructure | typeof CUSTOM_STRUCTURE;
  levels?: LevelRow[];
  anteKind?: AnteKind;
  startsAt?: string;
  actionSeconds?: number | null;
  /** Scheduled formats (issue 21): the opening as a `datetime-local` string, the schedule's zone. */
  registrationOpensAt?: string;
  recurrence?: 'daily' | 'weekly' | null;
  timeZone?: string | null;
}

/** The form filled from a template; `name` is the template's name in the reader's language. */
export function templateValues(
  template: TournamentTemplate,
  name: string,
  now = Date.now(),
): TournamentFormValues {
  const { key: _key, ...fields } = template;
  return {
    ...fields,
    name,
    variant: 'holdem',
    betting: 'no-limit',
    actionSeconds: null,
    startsAt:
      template.kind === 'mtt'
        ? toLocalInput(Math.ceil((now + MTT_LEAD_MS) / 3_600_000) * 3_600_000)
        : undefined,
  };
}

/** The form filled from an existing tournament (its levels are kept unless a structure is chosen). */
export function summaryValues(tournament: TournamentSummary): TournamentFormValues {
  return {
    name: tournament.name,
    kind: tournament.kind,
    variant: tournament.variant as TableVariant,
    betting: tournament.betting as BettingStructure,
    buyIn: tournament.buyIn,
    fee: tournament.fee,
    startingStack: tournament.startingStack,
    tableSize: tournament.tableSize,
    minEntrants: tournament.minEntrants,
    maxEntrants: tournament.maxEntrants,
    startsAt: tournament.startsAt ? toLocalInput(Date.parse(tournament.startsAt)) : undefined,
    structure: undefined,
    actionSeconds: null,
    registrationOpensAt: tournament.registrationOpensAt
      ? toLocalInput(Date.parse(tournament.registrationOpensAt))
      : undefined,
    lateRegLevels: tournament.lateRegLevels,
    maxEntries: tournament.maxEntries,
    rebuyLevels: tournament.rebuyLevels,
    maxRebuys: tournament.maxRebuys,
    addOn: tournament.addOn,
    guarantee: tournament.guarantee,
    recurrence: tournament.recurrence ?? null,
    timeZone: tournament.timeZone ?? null,
    featured: tournament.featured,
    bountyPercent: tournament.bountyPercent,
    dealKeptPercent: tournament.dealKeptPercent,
    targetId: tournament.satellite?.targetId ?? null,
  };
}

/**
 * The request body from the form: a Sit & Go has no start; an empty structure (an edit) and an empty
 * action time are left out, so the server keeps (or defaults) them; a custom structure sends its levels.
 */
export function requestOf(values: TournamentFormValues): CreateTournamentRequest {
  const {
    startsAt,
    structure,
    actionSeconds,
    levels,
    anteKind,
    registrationOpensAt,
    recurrence,
    timeZone,
    ...rest
  } = values;
  const mtt = rest.kind === 'mtt';
  return {
    ...rest,
    name: rest.name.trim(),
    startsAt: mtt && startsAt ? new Date(startsAt).toISOString() : null,
    ...(structure === CUSTOM_STRUCTURE
      ? { levels: levelsOfRows(levels ?? [], anteKind ?? 'big-blind') }
      : structure
        ? { structure }
        : {}),
    ...(typeof actionSeconds === 'number' ? { actionSeconds } : {}),
    // Scheduled formats: sent only when the form has them (a template's Sit & Go sends none); the
    // opening and the schedule only for a multi-table tournament, empty ones as null (cleared).
    ...(mtt && registrationOpensAt !== undefined
      ? { registrationOpensAt: registrationOpensAt ? new Date(registrationOpensAt).toISOString() : null }
      : {}),
    ...(mtt && recurrence !== undefined
      ? {
          recurrence: recurrence ?? null,
          timeZone: recurrence ? timeZone || DEFAULT_SCHEDULE_TIME_ZONE : null,
        }
      : {}),
  };
}

/** A moment as the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const at = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}
