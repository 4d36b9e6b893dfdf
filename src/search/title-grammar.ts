/**
 * The title grammar (spec, Job search): an OR of AND groups with negation — `!` binds tighter than
 * `&`, `&` tighter than `|`, no parentheses — where every term is a case-insensitive substring of
 * the title. Parsing and compiling are pure; the compiled query runs on the n-gram fields described
 * in search/document.ts, which give exact substring semantics for terms of any length.
 */
import type { estypes } from '@elastic/elasticsearch';
import { encodeChars } from './document.js';

export const MAX_TITLE_TERMS = 32;

export interface TitleTerm {
  text: string;
  negated: boolean;
}

/** OR of groups; each group is an AND of terms. */
export type TitleExpression = TitleTerm[][];

export class TitleGrammarError extends Error {
  constructor(
    message: string,
    /** 0-based character offset in the expression where the problem is. */
    readonly position: number,
  ) {
    super(message);
    this.name = 'TitleGrammarError';
  }
}

/** Parses an expression; throws TitleGrammarError naming the position of the first problem. */
export function parseTitleExpression(expression: string): TitleExpression {
  const groups: TitleExpression = [];
  let terms = 0;
  let offset = 0;
  for (const groupText of expression.split('|')) {
    const group: TitleTerm[] = [];
    let groupOffset = offset;
    // Offsets are tracked so every error can name the character position it is about.
    for (const factorText of groupText.split('&')) {
      const term = parseFactor(factorText, groupOffset);
      group.push(term);
      terms += 1;
      if (terms > MAX_TITLE_TERMS) {
        throw new TitleGrammarError(`At most ${MAX_TITLE_TERMS} terms are allowed`, groupOffset);
      }
      groupOffset += factorText.length + 1;
    }
    groups.push(group);
    offset += groupText.length + 1;
  }
  return groups;
}

function parseFactor(raw: string, offset: number): TitleTerm {
  let i = 0;
  const skipSpace = (): void => {
    while (i < raw.length && /\s/.test(raw.charAt(i))) i += 1;
  };
  skipSpace();
  let negated = false;
  if (raw.charAt(i) === '!') {
    negated = true;
    i += 1;
    skipSpace();
  }
  const rest = raw.slice(i);
  const bang = rest.indexOf('!');
  if (bang >= 0) throw new TitleGrammarError("'!' may only stand at the start of a term", offset + i + bang);
  const text = rest.trim();
  if (text === '') {
    throw new TitleGrammarError(
      negated ? "'!' must be followed by a term" : 'Empty term: an operator has nothing on one side',
      offset + i,
    );
  }
  return { text, negated };
}

/** The ES query for one term: a substring of the lower-cased title. */
export function termQuery(term: string): estypes.QueryDslQueryContainer {
  const chars = encodeChars(term.toLowerCase());
  if (chars.length >= 3) {
    const grams: string[] = [];
    for (let i = 0; i + 3 <= chars.length; i += 1) grams.push(chars.slice(i, i + 3).join(''));
    return { match_phrase: { title_grams: { query: grams.join(' '), analyzer: 'whitespace' } } };
  }
  return { term: { title_short_grams: chars.join('') } };
}

/** Compiles a parsed expression to a filter (no scoring). */
export function compileTitleExpression(expression: TitleExpression): estypes.QueryDslQueryContainer {
  const groups = expression.map((group): estypes.QueryDslQueryContainer => {
    const must = group.filter((t) => !t.negated).map((t) => termQuery(t.text));
    const mustNot = group.filter((t) => t.negated).map((t) => termQuery(t.text));
    return {
      bool: {
        ...(must.length > 0 ? { filter: must } : { filter: [{ match_all: {} }] }),
        ...(mustNot.length > 0 ? { must_not: mustNot } : {}),
      },
    };
  });
  if (groups.length === 1 && groups[0] !== undefined) return groups[0];
  return { bool: { should: groups, minimum_should_match: 1 } };
}

/** The reference semantics, used by tests: does the title satisfy the expression? */
export function titleMatches(title: string, expression: TitleExpression): boolean {
  const lower = title.toLowerCase();
  return expression.some((group) =>
    group.every((term) => lower.includes(term.text.toLowerCase()) !== term.negated),
  );
}
