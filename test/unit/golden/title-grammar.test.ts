/** Golden bodies of search/title-grammar.ts: the title expression compiled to n-gram filters. */
import { expect } from 'chai';
import {
  compileTitleExpression,
  parseTitleExpression,
  termQuery,
} from '../../../src/search/title-grammar.js';
import { matchesGolden } from './golden.js';

const compile = (expression: string): unknown => compileTitleExpression(parseTitleExpression(expression));

const CASES: Record<string, string> = {
  // A term of 3+ characters: its trigrams as a phrase on title_grams.
  'single-term': 'engineer',
  // Exactly one trigram.
  'three-characters': 'ios',
  // 1–2 characters: one exact gram on title_short_grams.
  'two-characters': 'qa',
  'one-character': 'r',
  and: 'senior & engineer',
  'or-of-ands': 'Senior & !intern | QA | c#',
  'or-of-single-terms': 'rust | go | zig',
  // A group of negations only matches every title but those.
  'negation-only': '!intern',
  'negations-only-group': '!intern & !contract',
  'negation-with-space': '! intern & engineer',
  // Spaces inside a term are part of it; around it they are trimmed.
  'inner-spaces': '  machine   learning  ',
  // Characters that mean something to query_string, wildcard or regexp queries are plain text here.
  'wildcard-star': '*engineer*',
  'wildcard-question': 'dev?ops',
  'regex-like': '[a-z]+ (node.js) ^$',
  'plus-plus': 'c++',
  quotes: '"principal" engineer',
  backslash: 'back\\slash',
  'reserved-punctuation': 'a:b/c~2 {x} <y> =z',
  // Case-folded like the index; non-ASCII and astral characters are UTF-16 code units.
  'non-ascii': 'Développeur',
  'dotted-capital-i': 'İK',
  'astral-emoji': '🚀 rocket',
  // `&` is always an operator: "r&d" is r AND d.
  'ampersand-is-an-operator': 'r&d',
};

describe('golden: title-grammar', () => {
  for (const [name, expression] of Object.entries(CASES)) {
    it(`${name}: ${JSON.stringify(expression)}`, () => {
      matchesGolden(`title-grammar/${name}`, compile(expression));
    });
  }

  it('matches case-insensitively: upper case compiles like lower case', () => {
    expect(compile('ENGINEER')).to.deep.equal(compile('engineer'));
    expect(compile('QA')).to.deep.equal(compile('qa'));
  });

  it('the most terms allowed (32) as an OR', () => {
    const expression = Array.from({ length: 32 }, (_, i) => `t${String(i)}x`).join(' | ');
    matchesGolden('title-grammar/thirty-two-terms', compile(expression));
  });

  it('termQuery: long and short terms', () => {
    matchesGolden('title-grammar/term-query-long', termQuery('Data'));
    matchesGolden('title-grammar/term-query-short', termQuery('Go'));
  });
});
