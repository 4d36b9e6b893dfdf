import { expect } from 'chai';
import { Faker, en } from '@faker-js/faker';
import { toIndexDocument } from '../../src/search/document.js';
import { storedJob } from '../support/jobs.js';
import { createTempIndex, dropIndexFamily } from './indices.js';
import {
  compileTitleExpression,
  parseTitleExpression,
  titleMatches,
} from '../../src/search/title-grammar.js';
import { testEnv } from './env.js';

const WORDS = [
  'Senior',
  'Software',
  'Engineer',
  'Engineering',
  'Manager',
  'QA',
  'AI',
  'ML',
  'C#',
  '.NET',
  'Go',
  'Google',
  'Data',
  'Scientist',
  'Intern',
  'Lead',
  'Staff',
  'Principal',
  'Sales',
  'Account',
  'Executive',
  'Nurse',
  'RN',
  'Front-end',
  'Back End',
  'iOS',
  'Android',
  'DevOps',
  'SRE',
  'Product',
  'Designer',
  'UX/UI',
  'Ingeniero',
  'Entwickler',
  'Développeur',
  '(Remote)',
  'München',
  'Ärztin',
  'II',
  'III',
  'Sr.',
  'Jr.',
  'Head',
  'of',
];
const TERMS = [
  'eng',
  'engineer',
  'qa',
  'ai',
  'c#',
  '.net',
  'go',
  'goo',
  'e',
  'r',
  'sr.',
  'end',
  'ux/',
  'ü',
  'ä',
  'ii',
  'iii',
  ' of ',
  'data sc',
  'x',
  'ö',
  'NET',
  'Ai',
  'er m',
  'zz',
];

function randomTitle(faker: Faker): string {
  const words = faker.helpers.arrayElements(WORDS, { min: 1, max: 5 });
  if (faker.datatype.boolean({ probability: 0.2 }))
    words.push(faker.string.alpha({ length: { min: 1, max: 4 } }));
  return words.join(faker.helpers.arrayElement([' ', ' ', ' ', ', ', ' - ', '  ']));
}

function randomExpression(faker: Faker): string {
  const groups = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () =>
    Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => {
      const term = faker.helpers.arrayElement([...TERMS, faker.string.alpha({ length: { min: 1, max: 5 } })]);
      return `${faker.datatype.boolean({ probability: 0.25 }) ? '!' : ''}${term}`;
    }).join(' & '),
  );
  return groups.join(' | ');
}

describe('title grammar against Elasticsearch (property test)', function () {
  this.timeout(180_000);

  it('returns exactly the titles a naive substring evaluation accepts, for thousands of random titles and expressions', async () => {
    const { es } = testEnv().runtime;
    const names = await createTempIndex('tg');
    const faker = new Faker({ locale: [en] });
    faker.seed(20261121);
    try {
      const titles = Array.from({ length: 3000 }, () => randomTitle(faker));
      const operations = titles.flatMap((title, i) => [
        { index: { _index: names.alias, _id: `t${i}` } },
        toIndexDocument(storedJob(`t${i}`, { title }), '2026-01-01T00:00:00.000Z'),
      ]);
      const bulk = await es.bulk({ operations, refresh: true });
      expect(bulk.errors).to.equal(false);

      let compared = 0;
      for (let n = 0; n < 300; n += 1) {
        const text = randomExpression(faker);
        const expression = parseTitleExpression(text);
        const expected = titles
          .flatMap((title, i) => (titleMatches(title, expression) ? [`t${i}`] : []))
          .sort();
        const result = await es.search({
          index: names.alias,
          size: 3000,
          _source: false,
          query: compileTitleExpression(expression),
          track_total_hits: true,
        });
        const actual = result.hits.hits.map((hit) => hit._id ?? '').sort();
        expect(actual, `expression ${JSON.stringify(text)}`).to.deep.equal(expected);
        compared += expected.length;
      }
      expect(compared).to.be.greaterThan(10_000);
    } finally {
      await dropIndexFamily(es, names);
    }
  });
});
