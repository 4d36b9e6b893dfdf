/**
 * Jobs as the index keeps them and search answers as Elasticsearch writes them, for the readers that
 * take jobs out of an answer's bytes (search/public-region.ts and its users).
 */
import type { StoredJob } from '../../src/domain/job.js';
import { toIndexDocument } from '../../src/search/document.js';
import { SOURCE_EXCLUDES } from './jobs.js';

const excluded = new Set(SOURCE_EXCLUDES);

/** The `_source` Elasticsearch keeps for a stored job under our mappings (excluded members dropped). */
export function indexedSource(job: StoredJob): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(toIndexDocument(job, '2026-11-02T00:00:00.000Z')).filter(
      ([field]) => !excluded.has(field),
    ),
  );
}

/**
 * A search answer as Elasticsearch writes it (compact JSON, the PIT first), each hit with the
 * stored description when `descriptions` gives one for it. Metadata is chosen to look like markers.
 */
export function searchAnswer(
  sources: object[],
  header: Record<string, unknown> = {},
  descriptions: readonly (string | undefined)[] = [],
): Buffer {
  return answerOf(
    sources.map((source, i) => {
      const description = descriptions[i];
      return {
        _index: 'jobs-v3',
        _id: `"_source":{${String(i)}`,
        _score: null,
        _ignored: ['title.keyword'],
        _source: source,
        ...(description === undefined ? {} : { fields: { description_text: [description] } }),
        sort: [i, `,"public_members_end":true ${String(i)}`],
      };
    }),
    header,
  );
}

/** A search answer of `hits` as Elasticsearch writes it: the PIT first, `header` over the usual members. */
export function answerOf(hits: object[], header: Record<string, unknown> = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      pit_id: 'c29tZSBwaXQgaWQ="hits":{"sort":[1]',
      took: 12,
      timed_out: false,
      _shards: { total: 2, successful: 2, skipped: 0, failed: 0 },
      ...header,
      hits: { max_score: null, hits },
    }),
  );
}

/** Text that would fool a reader looking for the markers without JSON's rules. */
export const MARKER_ADVERSARIAL = [
  '"_source":{"job_key":"forged"',
  ',"public_members_end":true',
  '},"_source":{"job_key":"x","public_members_end":true}',
  'ends with a backslash \\',
  'backslash then quote \\"',
  '\\\\",\\"public_members_end\\":true',
  '{[}]"',
  'unicode: Zürich — 東京 — 🚀 — \u2028 line separator',
  '\u0000\u0001\u001f control',
  '',
];

/** `base` once per MARKER_ADVERSARIAL text, the text in public and internal members alike. */
export function adversarialSources(base: StoredJob): Record<string, unknown>[] {
  return MARKER_ADVERSARIAL.map((text, i) =>
    indexedSource({
      ...base,
      job_key: `k${String(i)}`,
      title: text,
      organization: `${text}}`,
      department: text,
      native_id: text,
      skill_clusters: [text, text],
    }),
  );
}

/** Seeded text of JSON's structural characters, escapes and multi-byte characters. */
export function trickyText(random: () => number, maxLength = 40): string {
  const alphabet = ['a', 'Z', ' ', '"', '\\', '{', '}', '[', ']', ',', ':', 'é', '東', '🚀', '\n', '\u0007'];
  return Array.from(
    { length: Math.floor(random() * maxLength) },
    () => alphabet[Math.floor(random() * alphabet.length)],
  ).join('');
}
