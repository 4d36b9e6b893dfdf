/**
 * The operator's boards file for `npm run ingest -- --boards <file>`: CSV with a header row
 * (source,slug[,endpoint][,company][,domain]) or JSONL with the same member names. Every row is
 * checked; a bad row is reported with its line number and nothing is loaded from a file with errors.
 */
import { parse } from 'csv-parse/sync';
import { isSourceCode } from '../../domain/sources.js';

export interface BoardLine {
  line: number;
  source: string;
  slug: string;
  endpoint?: string;
  company?: string;
  domain?: string;
}

export class BoardsFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The boards file has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  }
}

const COLUMNS = ['source', 'slug', 'endpoint', 'company', 'domain'] as const;

/** Parses the file's text; `jsonl` is chosen by the caller from the file name. */
export function parseBoardsFile(text: string, format: 'csv' | 'jsonl'): BoardLine[] {
  const problems: string[] = [];
  const rows = format === 'jsonl' ? jsonlRows(text, problems) : csvRows(text, problems);
  const boards: BoardLine[] = [];
  const seen = new Set<string>();
  for (const { line, values } of rows) {
    const board = toBoard(line, values, problems);
    if (board === undefined) continue;
    const key = `${board.source}/${board.slug}`;
    if (seen.has(key)) problems.push(`line ${line}: ${key} is listed twice`);
    seen.add(key);
    boards.push(board);
  }
  if (problems.length > 0) throw new BoardsFileError(problems);
  return boards;
}

function toBoard(line: number, values: Record<string, string>, problems: string[]): BoardLine | undefined {
  const source = (values.source ?? '').trim().toLowerCase();
  const slug = (values.slug ?? '').trim();
  if (!isSourceCode(source)) {
    problems.push(`line ${line}: unknown source "${source}"`);
    return undefined;
  }
  if (slug === '' || slug.length > 200 || /\s/.test(slug)) {
    problems.push(`line ${line}: slug must be 1–200 characters without spaces`);
    return undefined;
  }
  const board: BoardLine = { line, source, slug };
  const endpoint = values.endpoint?.trim();
  if (endpoint !== undefined && endpoint !== '') {
    if (!URL.canParse(endpoint)) problems.push(`line ${line}: endpoint is not a URL`);
    board.endpoint = endpoint.replace(/\/$/, '');
  }
  const company = values.company?.trim();
  if (company !== undefined && company !== '') board.company = company;
  const domain = values.domain?.trim().toLowerCase();
  if (domain !== undefined && domain !== '') board.domain = domain;
  return board;
}

function jsonlRows(text: string, problems: string[]): { line: number; values: Record<string, string> }[] {
  const rows: { line: number; values: Record<string, string> }[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      const values: Record<string, string> = {};
      for (const column of COLUMNS) {
        const value: unknown = (parsed as Record<string, unknown>)[column];
        if (typeof value === 'string') values[column] = value;
      }
      rows.push({ line: index + 1, values });
    } catch {
      problems.push(`line ${index + 1}: not a JSON object`);
    }
  });
  return rows;
}

function csvRows(text: string, problems: string[]): { line: number; values: Record<string, string> }[] {
  let records: Record<string, string>[];
  try {
    records = parse<Record<string, string>>(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    problems.push(`not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
  const first = records[0];
  if (first !== undefined && (!('source' in first) || !('slug' in first))) {
    problems.push('line 1: the header must name at least the columns source and slug');
    return [];
  }
  return records.map((values, index) => ({ line: index + 2, values }));
}
