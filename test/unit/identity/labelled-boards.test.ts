/**
 * Identity precision on real boards: the labelled lists in test/fixtures/identity/ (boards copied
 * from public recordings, each labelled with the organization it belongs to; see the READMEs there)
 * go through the same evidence and clustering as the worker. Not one company may hold boards of
 * two organizations; recall (same-organization pairs found) is reported, not asserted.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { boardEvidence, crawlEvidence, linkKeys } from '../../../src/ingest/identity/evidence.js';
import { clusterBoards, type BoardIdentityInput } from '../../../src/ingest/identity/cluster.js';

interface LabelledBoard {
  source: string;
  slug: string;
  label: string;
  board_name?: string;
  organization?: string;
  posting_urls: string[];
  company_urls: string[];
}

function load(file: string): LabelledBoard[] {
  return readFileSync(new URL(`../../fixtures/identity/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LabelledBoard);
}

const boards = [...load('boards-a.jsonl'), ...load('boards-b.jsonl')];

function inputOf(board: LabelledBoard, index: number): BoardIdentityInput {
  return {
    id: String(index + 1),
    source: board.source,
    slug: board.slug,
    companyKey: '',
    evidence: [
      ...boardEvidence({ source: board.source, slug: board.slug }),
      ...crawlEvidence({
        slug: board.slug,
        ...(board.board_name === undefined ? {} : { boardName: board.board_name }),
        companyUrls: board.company_urls,
        postings: board.posting_urls.map((url) => ({
          url,
          ...(board.organization === undefined ? {} : { organization: board.organization }),
        })),
      }),
    ],
  };
}

describe('identity resolution on labelled real boards', () => {
  const inputs = boards.map(inputOf);
  const fanout = new Map<string, number>();
  for (const input of inputs)
    for (const key of linkKeys(input.evidence)) fanout.set(key, (fanout.get(key) ?? 0) + 1);
  const companies = clusterBoards(inputs, fanout);
  const labelOf = new Map(inputs.map((input, index) => [input.id, boards[index]?.label ?? '']));

  it('holds at least 200 distinct real boards', () => {
    const keys = new Set(boards.map((board) => `${board.source}/${board.slug.toLowerCase()}`));
    expect(keys.size).to.equal(boards.length);
    expect(boards.length).to.be.at.least(200);
  });

  it('merges no two organizations into one company (0 false merges), and reports recall', () => {
    const falseMerges = companies
      .map((company) => [...new Set(company.boards.map((id) => labelOf.get(id)))])
      .filter((labels) => labels.length > 1);
    expect(falseMerges).to.deep.equal([]);
    const companyOf = new Map<string, number>();
    companies.forEach((company, index) => {
      for (const id of company.boards) companyOf.set(id, index);
    });
    let pairs = 0;
    let found = 0;
    for (let a = 0; a < inputs.length; a += 1)
      for (let b = a + 1; b < inputs.length; b += 1) {
        const labelA = boards[a]?.label;
        if (labelA === undefined || labelA.startsWith('unknown:') || labelA !== boards[b]?.label) continue;
        pairs += 1;
        if (companyOf.get(String(a + 1)) === companyOf.get(String(b + 1))) found += 1;
      }
    console.log(
      `      identity: ${boards.length} boards, ${companies.length} companies, ` +
        `same-organization pairs linked ${found}/${pairs} (recall ${pairs === 0 ? 'n/a' : (found / pairs).toFixed(2)})`,
    );
    expect(pairs).to.be.greaterThan(0);
  });
});
