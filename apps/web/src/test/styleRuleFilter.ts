/**
 * Makes jsdom's getComputedStyle fast under antd's injected styles, with the same answers.
 *
 * Role queries (getByRole) ask getComputedStyle whether each element and its ancestors are hidden. jsdom answers
 * by testing every rule of every style sheet (its own ~200 default rules and antd's ~2,000) against the element
 * with its selector engine's `check`, whose cache holds 1,024 selectors: every query parsed selectors anew, and
 * three quarters of the web suite's time went there. Most rules cannot match a given element at all: a compound
 * selector matches only elements that have its type, every class and every attribute written at its top level
 * (`.ant-btn` in `:where(.css-x).ant-btn:hover`, `td` in `td, th`). This filter answers "no match" for a rule
 * when no alternative's rightmost compound can match the element, and asks the real engine otherwise. jsdom uses
 * `check` only for its style cascade (`matches`, `closest` and `querySelector` take other paths).
 */

/** What an element must have to match one compound selector (`a.b[c^="d"]`). */
interface Compound {
  tag: string | null;
  classes: string[];
  attributes: { name: string; test: (value: string) => boolean }[];
}

/** For each comma-separated alternative, its rightmost compound; null when the filter cannot tell. */
type Requirement = Compound[] | null;

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-\w\u00a0-\uffff]*/;
const ATTRIBUTE = /^\[\s*([-_a-z0-9]+)\s*(?:([\^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([-\w]+))\s*)?\]$/;

function attributeTest(operator: string | undefined, value: string): ((actual: string) => boolean) | null {
  switch (operator) {
    case undefined:
      return () => true;
    case '=':
      return (actual) => actual === value;
    case '^=':
      return (actual) => value !== '' && actual.startsWith(value);
    case '$=':
      return (actual) => value !== '' && actual.endsWith(value);
    case '*=':
      return (actual) => value !== '' && actual.includes(value);
    default:
      return null;
  }
}

/** The type, classes and attributes at the top level of one compound selector. */
function parseCompound(compound: string): Compound {
  const result: Compound = { tag: null, classes: [], attributes: [] };
  const tag = compound.match(IDENT);
  if (tag) result.tag = tag[0].toLowerCase();
  for (let i = tag ? tag[0].length : 0; i < compound.length;) {
    const c = compound[i];
    if (c === '.' || c === '#') {
      const name = compound.slice(i + 1).match(IDENT)?.[0] ?? '';
      if (c === '.' && name) result.classes.push(name);
      if (c === '#' && name) result.attributes.push({ name: 'id', test: (actual) => actual === name });
      i += 1 + name.length;
    } else if (c === '[' || c === '(') {
      const end = closing(compound, i);
      if (c === '[') {
        const parsed = compound.slice(i, end + 1).match(ATTRIBUTE);
        const test = parsed && attributeTest(parsed[2], parsed[3] ?? parsed[4] ?? parsed[5] ?? '');
        if (parsed && test) result.attributes.push({ name: parsed[1], test });
      }
      i = end + 1;
    } else i++;
  }
  return result;
}

/** The index of the bracket closing the one at `start`, skipping nested brackets and quoted strings. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return text.length;
      i = end;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/** The rightmost compound of each alternative of `selector`, or null when one of them requires nothing. */
export function requirementOf(selector: string): Requirement {
  if (/[\\|]/.test(selector)) return null; // escapes and namespaces: left to the engine
  const text = selector.trim();
  const alternatives: Compound[] = [];
  let compoundStart = 0;
  const finish = (end: number): boolean => {
    const compound = parseCompound(text.slice(compoundStart, end).trim());
    if (!compound.tag && compound.classes.length === 0 && compound.attributes.length === 0) return false;
    alternatives.push(compound);
    return true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '"' || c === "'") {
      i = c === '"' || c === "'" ? text.indexOf(c, i + 1) : closing(text, i);
      if (i < 0 || i >= text.length) return null;
    } else if (c === ',') {
      if (!finish(i)) return null;
      compoundStart = i + 1;
    } else if (/[\s>+~]/.test(c)) {
      // A combinator: the compound after it is the rightmost so far (blanks before a comma or the end are not).
      let next = i + 1;
      while (next < text.length && /[\s>+~]/.test(text[next])) next++;
      if (next < text.length && text[next] !== ',') compoundStart = next;
      i = next - 1;
    }
  }
  return finish(text.length) ? alternatives : null;
}

interface ElementImpl {
  localName?: string;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

function canMatch(compound: Compound, element: ElementImpl): boolean {
  if (compound.tag && compound.tag !== element.localName?.toLowerCase()) return false;
  if (compound.classes.length > 0) {
    const own = new Set((element.getAttributeNS(null, 'class') ?? '').split(/[ \t\n\f\r]+/));
    if (!compound.classes.every((name) => own.has(name))) return false;
  }
  return compound.attributes.every(({ name, test }) => {
    const value = element.getAttributeNS(null, name);
    return value !== null && test(value);
  });
}

interface SelectorEngine {
  check(selector: string, node: ElementImpl, options?: object): { match: boolean };
}

const requirements = new Map<string, Requirement>();

/** Whether the filter lets `selector` reach the engine for `element` (false: it cannot match). */
export function mayMatch(selector: string, element: ElementImpl): boolean {
  let requirement = requirements.get(selector);
  if (requirement === undefined) {
    requirement = requirementOf(selector);
    requirements.set(selector, requirement);
  }
  return requirement === null || requirement.some((compound) => canMatch(compound, element));
}

/** Marks a filtered `check`: the setup file runs for every test file, and files may share one jsdom. */
const FILTERED = Symbol('style rule filter');

/** Installs the filter on the document's selector engine (jsdom only; elsewhere it does nothing). */
export function filterStyleRules(document: Document): void {
  const implKey = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const impl = implKey && (document as unknown as Record<symbol, { _domSelector?: SelectorEngine }>)[implKey];
  const engine = impl?._domSelector;
  if (!engine || typeof engine.check !== 'function' || FILTERED in engine.check) return;
  const check = engine.check.bind(engine);
  engine.check = (selector, node, options) =>
    typeof node?.getAttributeNS === 'function' && !mayMatch(selector, node)
      ? { match: false, ast: null, pseudoElement: null }
      : check(selector, node, options);
  Object.defineProperty(engine.check, FILTERED, { value: true });
}
