/**
 * Identity resolution as a pure function: boards with their evidence → companies. Boards sharing a
 * link key (domain, tenant, operator mapping) are one company (union-find); a company's name and
 * domain are its strongest evidence; keys stay stable across resolutions. Nothing here does I/O.
 */
import { isOpaqueSlug, linkKeys, type Evidence } from './evidence.js';

export interface BoardIdentityInput {
  id: string;
  source: string;
  slug: string;
  evidence: Evidence[];
  /** The company the board belongs to now. */
  companyKey: string;
}

export interface CompanyIdentity {
  /** Board ids, ascending. */
  boards: string[];
  name?: Evidence;
  domain?: Evidence;
  resolved: boolean;
  /** Per board of a multi-board company: the evidence it shares with the others. */
  links: Map<string, Evidence[]>;
}

/**
 * A link key held by more boards than this is a hosting platform nobody listed, not an identity:
 * it links nothing (a real company has a handful of boards; a missed platform would fuse thousands).
 */
export const MAX_LINK_FANOUT = 50;

/** Name evidence that names the company (a slug read as words does not, alone, resolve an opaque tenant). */
const STRONG_NAME_ORIGINS = new Set(['operator', 'board_name', 'posting_organization']);

/** Groups boards into companies by shared link keys; `fanout` counts boards per key corpus-wide. */
export function clusterBoards(
  boards: readonly BoardIdentityInput[],
  fanout: ReadonlyMap<string, number> = new Map(),
): CompanyIdentity[] {
  const parent = new Map<string, string>(boards.map((board) => [board.id, board.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  // The operator's names per set: observed evidence never joins boards the operator named apart.
  const named = new Map<string, Set<string>>(boards.map((board) => [board.id, operatorNames(board)]));
  const holders = new Map<string, BoardIdentityInput[]>();
  for (const board of boards)
    for (const key of linkKeys(board.evidence))
      if ((fanout.get(key) ?? 0) <= MAX_LINK_FANOUT) {
        const members = holders.get(key);
        if (members === undefined) holders.set(key, [board]);
        else members.push(board);
      }
  const union = (board: BoardIdentityInput, other: BoardIdentityInput, key: string): void => {
    const [a, b] = [find(board.id), find(other.id)];
    if (a === b) return;
    const [namesA, namesB] = [named.get(a) ?? new Set<string>(), named.get(b) ?? new Set<string>()];
    const apart = namesA.size > 0 && namesB.size > 0 && ![...namesA].some((name) => namesB.has(name));
    if (apart && !(byOperator(board, key) && byOperator(other, key))) return;
    parent.set(a, b);
    named.set(b, new Set([...namesA, ...namesB]));
  };
  // Keys the operator vouches for first; within a key, its operator holders first, so a board that
  // only observed a domain joins the company the operator mapped that domain to.
  const keys = [...holders.keys()].sort(
    (a, b) =>
      operatorHeld(holders.get(b), b) - operatorHeld(holders.get(a), a) || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const key of keys) {
    const members = [...(holders.get(key) ?? [])].sort(
      (a, b) => Number(byOperator(b, key)) - Number(byOperator(a, key)) || compareIds(a.id, b.id),
    );
    const [first, ...rest] = members;
    if (first !== undefined) for (const member of rest) union(member, first, key);
  }
  const groups = new Map<string, BoardIdentityInput[]>();
  for (const board of boards) {
    const root = find(board.id);
    const members = groups.get(root);
    if (members === undefined) groups.set(root, [board]);
    else members.push(board);
  }
  return [...groups.values()]
    .map((members) => identityOf(members, fanout))
    .sort((a, b) => compareIds(a.boards[0] ?? '', b.boards[0] ?? ''));
}

function operatorNames(board: BoardIdentityInput): Set<string> {
  return new Set(
    board.evidence
      .filter((item) => item.kind === 'name' && item.origin === 'operator')
      .map((item) => item.value.toLowerCase()),
  );
}

/** The board holds `key` on the operator's word (its mapping names that domain). */
function byOperator(board: BoardIdentityInput, key: string): boolean {
  return board.evidence.some((item) => item.origin === 'operator' && `${item.kind}:${item.value}` === key);
}

function operatorHeld(members: BoardIdentityInput[] | undefined, key: string): number {
  return (members ?? []).some((member) => byOperator(member, key)) ? 1 : 0;
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The strongest evidence of one kind: highest confidence, then most boards, then alphabetical. */
function strongest(members: readonly BoardIdentityInput[], kind: Evidence['kind']): Evidence | undefined {
  const found = members.flatMap((board) => board.evidence.filter((item) => item.kind === kind));
  const votes = new Map<string, number>();
  for (const item of found) votes.set(item.value, (votes.get(item.value) ?? 0) + 1);
  return found.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      (votes.get(b.value) ?? 0) - (votes.get(a.value) ?? 0) ||
      (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  )[0];
}

function identityOf(
  members: readonly BoardIdentityInput[],
  fanout: ReadonlyMap<string, number>,
): CompanyIdentity {
  const name = strongest(members, 'name');
  const domain = strongest(members, 'domain');
  const strongName = name !== undefined && STRONG_NAME_ORIGINS.has(name.origin);
  const allOpaque = members.every((board) => isOpaqueSlug(board.source, board.slug));
  // An opaque tenant needs both a published name and a domain; a readable slug needs one of them.
  const resolved = allOpaque
    ? strongName && domain !== undefined
    : strongName || (name !== undefined && domain !== undefined);
  const links = new Map<string, Evidence[]>();
  if (members.length > 1) {
    const holders = new Map<string, number>();
    for (const board of members)
      for (const key of linkKeys(board.evidence)) holders.set(key, (holders.get(key) ?? 0) + 1);
    for (const board of members) {
      const shared = board.evidence.filter((item) => {
        if (item.kind === 'name') return false;
        const key = `${item.kind}:${item.value}`;
        return (holders.get(key) ?? 0) > 1 && (fanout.get(key) ?? 0) <= MAX_LINK_FANOUT;
      });
      links.set(board.id, shared);
    }
  }
  return {
    boards: members.map((board) => board.id).sort(compareIds),
    ...(name === undefined ? {} : { name }),
    ...(domain === undefined ? {} : { domain }),
    resolved,
    links,
  };
}

/** Company key from a name or a board: lower-case slug, stable. */
export function companyKeyOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  // Room for a disambiguating suffix within the 128 characters a key may have.
  return slug === '' ? 'company' : slug;
}

/**
 * Keys for the companies of one resolution. A company keeps the key most of its boards already
 * carry (customers hold keys), unless that key was minted for an unresolved identity and the
 * company is now resolved: it then gets a key from its name. New keys come from the name (or, for
 * unresolved companies, from the first board), disambiguated by the domain, then by a number —
 * so two firms of the same name get two keys.
 */
export function assignKeys(
  companies: readonly CompanyIdentity[],
  boards: ReadonlyMap<string, BoardIdentityInput>,
  previous: ReadonlyMap<string, { resolved: boolean }>,
  taken: ReadonlySet<string>,
): string[] {
  const claimed = new Set<string>();
  const keys: string[] = new Array<string>(companies.length).fill('');
  // Bigger companies choose first: a merge keeps the key of the larger side.
  const order = companies
    .map((company, index) => ({ company, index }))
    .sort((a, b) => b.company.boards.length - a.company.boards.length || a.index - b.index);
  for (const { company, index } of order) {
    const held = new Map<string, number>();
    for (const id of company.boards) {
      const key = boards.get(id)?.companyKey;
      // '' is a board that has no company yet.
      if (key !== undefined && key !== '') held.set(key, (held.get(key) ?? 0) + 1);
    }
    // The key the name gives first (a merge into "stripe" stays "stripe"), then the most held.
    const named = company.resolved ? keyCandidates(company, boards)[0] : undefined;
    const kept = [...held.entries()]
      .filter(([key]) => !claimed.has(key) && (previous.get(key)?.resolved === true || !company.resolved))
      .sort(
        (a, b) => Number(b[0] === named) - Number(a[0] === named) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
      )[0]?.[0];
    const key =
      kept ?? freshKey(company, boards, (candidate) => claimed.has(candidate) || taken.has(candidate));
    claimed.add(key);
    keys[index] = key;
  }
  return keys;
}

/**
 * Every key a new company may get, in order: from its name (unresolved: from its first board),
 * then that with its domain, then numbered, then with its first board's id — which no other
 * company of a resolution can also take. resolve.ts asks which of them exist in one query.
 */
export function keyCandidates(
  company: CompanyIdentity,
  boards: ReadonlyMap<string, BoardIdentityInput>,
): string[] {
  const firstId = company.boards[0] ?? '';
  const first = boards.get(firstId);
  const base =
    company.resolved && company.name !== undefined
      ? companyKeyOf(company.name.value)
      : companyKeyOf(first === undefined ? 'company' : `${first.source}-${first.slug}`);
  return [
    base,
    ...(company.domain === undefined ? [] : [`${base}-${companyKeyOf(company.domain.value)}`.slice(0, 128)]),
    ...Array.from({ length: 49 }, (_, index) => `${base}-${index + 2}`),
    `${base}-b${firstId}`,
  ];
}

function freshKey(
  company: CompanyIdentity,
  boards: ReadonlyMap<string, BoardIdentityInput>,
  isTaken: (key: string) => boolean,
): string {
  const key = keyCandidates(company, boards).find((candidate) => !isTaken(candidate));
  if (key === undefined) throw new Error(`no free company key for board ${company.boards[0] ?? ''}`);
  return key;
}
