import { expect } from 'chai';
import {
  changedPublicFields,
  planCrawl,
  type JobDraft,
  type PreparedJob,
} from '../../src/ingest/crawl/lifecycle.js';
import type { StateRow, StoredDocument } from '../../src/domain/lifecycle.js';
import { contentHash } from '../../src/lib/json.js';

const T0 = '2026-01-01T00:00:00.000Z';
const NOW = '2026-01-02T00:00:00.000Z';
const fresh = { consecutiveFailures: 0, suspectEmptyStreak: 0 };

function draft(key: string, title = `Engineer ${key}`): JobDraft {
  return {
    job_key: key,
    native_id: key,
    title,
    organization: 'Acme',
    url: `https://jobs.example/${key}`,
    source: 'greenhouse',
    source_slug: 'acme',
    source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true',
    directory_verified_at: T0,
    locations_derived: [],
    company_resolved: true,
    is_duplicate_representative: true,
  };
}

function prepared(d: JobDraft, expired = false): PreparedJob {
  return { draft: d, contentHash: contentHash(d), expired };
}

function row(d: JobDraft, status: 'open' | 'closed' = 'open', revision = 1): StateRow {
  const document: StoredDocument = {
    ...d,
    status,
    first_seen: T0,
    revision,
    ...(status === 'closed' ? { closed_at: T0, close_reason: 'removed_from_board' as const } : {}),
  };
  return {
    job_key: d.job_key,
    status,
    first_seen: T0,
    content_hash: contentHash(d),
    duplicate_key: null,
    revision,
    document,
  };
}

describe('lifecycle diff', () => {
  it('opens new postings with first_seen = now and revision 1', () => {
    const plan = planCrawl([], { kind: 'ok', jobs: [prepared(draft('a'))] }, fresh, NOW);
    expect(plan.changes).to.have.length(1);
    expect(plan.changes[0]).to.deep.include({ change: 'created', changedFields: [] });
    expect(plan.changes[0]?.document).to.deep.include({ status: 'open', first_seen: NOW, revision: 1 });
    expect(plan.board).to.deep.include({ health: 'ok', jobCount: 1, succeeded: true });
  });

  it('leaves unchanged open jobs alone (only last_seen moves)', () => {
    const d = draft('a');
    const plan = planCrawl([row(d)], { kind: 'ok', jobs: [prepared(d)] }, fresh, NOW);
    expect(plan.changes).to.deep.equal([]);
    expect(plan.seen).to.deep.equal(['a']);
  });

  it('records modified content with the changed public fields and keeps first_seen', () => {
    const before = draft('a');
    const after = { ...before, title: 'Staff Engineer', department: 'Platform' };
    const plan = planCrawl([row(before, 'open', 4)], { kind: 'ok', jobs: [prepared(after)] }, fresh, NOW);
    expect(plan.changes[0]).to.deep.include({ change: 'modified', changedFields: ['department', 'title'] });
    expect(plan.changes[0]?.document).to.deep.include({
      first_seen: T0,
      modified_at: NOW,
      revision: 5,
      status: 'open',
    });
  });

  it('closes open jobs missing from a successful crawl as removed_from_board', () => {
    const plan = planCrawl(
      [row(draft('a')), row(draft('b'))],
      { kind: 'ok', jobs: [prepared(draft('a'))] },
      fresh,
      NOW,
    );
    expect(plan.changes).to.have.length(1);
    expect(plan.changes[0]).to.deep.include({
      change: 'closed',
      changedFields: ['close_reason', 'closed_at', 'status'],
    });
    expect(plan.changes[0]?.document).to.deep.include({
      job_key: 'b',
      status: 'closed',
      closed_at: NOW,
      close_reason: 'removed_from_board',
      revision: 2,
    });
  });

  it('closes nothing missing from a partial crawl (a walk stopped by its page guard), and still records what it saw', () => {
    const before = draft('a');
    const plan = planCrawl(
      [row(before), row(draft('b'))],
      {
        kind: 'ok',
        jobs: [prepared({ ...before, title: 'Staff Engineer' }), prepared(draft('c'))],
        truncated: '1000 pages read, 100000 of 124556 postings',
      },
      fresh,
      NOW,
    );
    expect(plan.changes.map((change) => [change.change, change.document.job_key])).to.deep.equal([
      ['modified', 'a'],
      ['created', 'c'],
    ]);
    expect(plan.board).to.deep.include({ health: 'ok', succeeded: true });
  });

  it('closes postings the source marks expired as expired_by_source, and never opens expired ones', () => {
    const plan = planCrawl(
      [row(draft('a'))],
      { kind: 'ok', jobs: [prepared(draft('a'), true), prepared(draft('new'), true)] },
      fresh,
      NOW,
    );
    expect(plan.changes).to.have.length(1);
    expect(plan.changes[0]?.document).to.deep.include({
      job_key: 'a',
      status: 'closed',
      close_reason: 'expired_by_source',
    });
  });

  it('treats a sudden empty board as suspect and closes nothing until it repeats', () => {
    const state = [row(draft('a')), row(draft('b'))];
    const first = planCrawl(state, { kind: 'ok', jobs: [] }, fresh, NOW);
    expect(first.changes).to.deep.equal([]);
    expect(first.board).to.deep.include({ health: 'suspect', suspectEmptyStreak: 1, succeeded: false });
    const second = planCrawl(state, { kind: 'ok', jobs: [] }, first.board, NOW);
    expect(second.changes).to.deep.equal([]);
    const third = planCrawl(state, { kind: 'ok', jobs: [] }, second.board, NOW);
    expect(third.changes.map((c) => c.document.close_reason)).to.deep.equal([
      'removed_from_board',
      'removed_from_board',
    ]);
    expect(third.board).to.deep.include({ health: 'ok', suspectEmptyStreak: 0 });
  });

  it('accepts an empty board that was already empty', () => {
    const plan = planCrawl([row(draft('a'), 'closed')], { kind: 'ok', jobs: [] }, fresh, NOW);
    expect(plan.board).to.deep.include({ health: 'ok', succeeded: true });
  });

  it('closes nothing on transient failures', () => {
    const plan = planCrawl([row(draft('a'))], { kind: 'transient', reason: '503' }, fresh, NOW);
    expect(plan.changes).to.deep.equal([]);
    expect(plan.board).to.deep.include({ health: 'failing', consecutiveFailures: 1 });
  });

  it('declares a board dead only after repeated not-found answers, then closes every open job as board_dead', () => {
    const state = [row(draft('a')), row(draft('b')), row(draft('c'), 'closed')];
    let counters = fresh;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const plan = planCrawl(state, { kind: 'not_found', signal: '404' }, counters, NOW);
      expect(plan.changes, `attempt ${attempt}`).to.deep.equal([]);
      expect(plan.board.health).to.equal('failing');
      counters = plan.board;
    }
    const dead = planCrawl(state, { kind: 'not_found', signal: '404' }, counters, NOW);
    expect(dead.board.health).to.equal('dead');
    expect(dead.changes.map((c) => [c.document.job_key, c.document.close_reason])).to.deep.equal([
      ['a', 'board_dead'],
      ['b', 'board_dead'],
    ]);
  });

  it('reopens a closed job seen again: same first_seen, closure members removed, revision + 1', () => {
    const d = draft('a');
    const plan = planCrawl([row(d, 'closed', 3)], { kind: 'ok', jobs: [prepared(d)] }, fresh, NOW);
    expect(plan.changes[0]).to.deep.include({
      change: 'reopened',
      changedFields: ['close_reason', 'closed_at', 'status'],
    });
    expect(plan.changes[0]?.document).to.deep.include({ status: 'open', first_seen: T0, revision: 4 });
    expect(plan.changes[0]?.document).not.to.have.any.keys('closed_at', 'close_reason');
  });

  it('ignores a posting listed twice in one crawl', () => {
    const plan = planCrawl(
      [],
      { kind: 'ok', jobs: [prepared(draft('a')), prepared(draft('a'))] },
      fresh,
      NOW,
    );
    expect(plan.changes).to.have.length(1);
  });

  it('reports changed public fields only', () => {
    expect(
      changedPublicFields(
        { title: 'a', revision: 1, salary: { min: 1 } },
        { title: 'a', revision: 2, salary: { min: 2 }, language: 'en' },
      ),
    ).to.deep.equal(['language', 'salary']);
  });
});
