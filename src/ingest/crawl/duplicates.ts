/**
 * Cross-location duplicate groups: open jobs of one company sharing a duplicate key (same
 * normalized title and description) but published for different locations form a group; the
 * earliest-seen member (then the smallest job_key) represents it. Pure: given the members, say
 * which documents must change.
 */
import type { StoredJob } from '../../domain/job.js';
import { stableStringify } from '../../lib/json.js';

/** The documents whose group membership or representative flag must change. */
export function regroup(groupId: string, members: StoredJob[]): StoredJob[] {
  const locations = new Set(members.map((member) => stableStringify(member.locations_derived)));
  const grouped = members.length >= 2 && locations.size >= 2;
  const representative = grouped ? [...members].sort(byFirstSeenThenKey)[0]?.job_key : undefined;
  const updates: StoredJob[] = [];
  for (const member of members) {
    const wantGroup = grouped ? groupId : undefined;
    const wantRepresentative = !grouped || member.job_key === representative;
    if (member.duplicate_group === wantGroup && member.is_duplicate_representative === wantRepresentative)
      continue;
    const { duplicate_group: _previous, ...rest } = member;
    const derivations = { ...member.derivations };
    if (wantGroup === undefined) delete derivations.duplicate_group;
    else derivations.duplicate_group = { source: 'observed', confidence: 1 };
    updates.push({
      ...rest,
      ...(wantGroup === undefined ? {} : { duplicate_group: wantGroup }),
      is_duplicate_representative: wantRepresentative,
      derivations,
    });
  }
  return updates;
}

function byFirstSeenThenKey(a: StoredJob, b: StoredJob): number {
  if (a.first_seen !== b.first_seen) return a.first_seen < b.first_seen ? -1 : 1;
  return a.job_key < b.job_key ? -1 : a.job_key > b.job_key ? 1 : 0;
}
