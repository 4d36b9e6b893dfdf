import { expect } from 'chai';
import { matchesGolden } from './golden/golden.js';
import {
  compileTitleExpression,
  parseTitleExpression,
  TitleGrammarError,
  titleMatches,
} from '../../src/search/title-grammar.js';

function errorAt(expression: string): { message: string; position: number } {
  try {
    parseTitleExpression(expression);
  } catch (error) {
    if (error instanceof TitleGrammarError) return { message: error.message, position: error.position };
    throw error;
  }
  throw new Error(`${expression} parsed`);
}

describe('title grammar', () => {
  it('parses OR of AND groups with negation, ! tighter than &, & tighter than |', () => {
    expect(parseTitleExpression('senior & engineer | !intern & manager')).to.deep.equal([
      [
        { text: 'senior', negated: false },
        { text: 'engineer', negated: false },
      ],
      [
        { text: 'intern', negated: true },
        { text: 'manager', negated: false },
      ],
    ]);
    expect(parseTitleExpression('  C#  ')).to.deep.equal([[{ text: 'C#', negated: false }]]);
    expect(parseTitleExpression('! qa')).to.deep.equal([[{ text: 'qa', negated: true }]]);
  });

  it('names the position of empty terms and dangling operators', () => {
    expect(errorAt('engineer &')).to.deep.include({ position: 10 });
    expect(errorAt('| engineer')).to.deep.include({ position: 0 });
    expect(errorAt('a || b')).to.deep.include({ position: 3 });
    expect(errorAt('a & !')).to.deep.include({ position: 5, message: "'!' must be followed by a term" });
    expect(errorAt('a!b')).to.deep.include({ position: 1 });
    expect(errorAt('')).to.deep.include({ position: 0 });
  });

  it('caps the number of terms', () => {
    expect(errorAt(Array.from({ length: 33 }, (_, i) => `t${i}`).join(' | ')).message).to.match(
      /At most 32 terms/,
    );
  });

  it('has substring semantics, case-insensitive, for short and symbolic terms too', () => {
    const matches = (title: string, expression: string): boolean =>
      titleMatches(title, parseTitleExpression(expression));
    expect(matches('Senior Engineering Manager', 'engineer')).to.equal(true);
    expect(matches('Lead QA Analyst', 'qa')).to.equal(true);
    expect(matches('C# Developer (.NET)', 'c# & .net')).to.equal(true);
    expect(matches('Go Developer', 'go & !google')).to.equal(true);
    expect(matches('Google Ads Specialist', 'go & !google')).to.equal(false);
    expect(matches('Head of AI', 'ai')).to.equal(true);
    expect(matches('Intern', '!intern | senior')).to.equal(false);
  });

  it('compiles to the golden Elasticsearch bodies', () => {
    matchesGolden('title-grammar/single-term', compileTitleExpression(parseTitleExpression('engineer')));
    matchesGolden(
      'title-grammar/or-of-ands',
      compileTitleExpression(parseTitleExpression('Senior & !intern | QA | c#')),
    );
  });
});
