/**
 * remote_derived: can the job be done remotely?
 *
 * 1. A location that says remote ("Remote (US)", "US Remote", "Remote job") → true. It wins over a
 *    hybrid workplace value: a posting that offers an office or remote work is remote-eligible.
 * 2. The native workplace value: remote → true; hybrid or on-site → false (source_field).
 * 3. The native remote flag (source_field). It comes after the workplace value because some
 *    sources set it for hybrid jobs too (Ashby: workplaceType "Hybrid" with isRemote true); for
 *    the same reason a true flag on a job the arrangement reads as hybrid (its description says
 *    so, work-arrangement.ts rule 4) is false, and so is one whose description says the job is not
 *    remote ("this is not a remote job").
 * 4. The work-arrangement classification (rules or model): remote → true, hybrid/on_site → false.
 * 5. Otherwise omitted.
 */
import type { EnrichInput } from '../types.js';
import { derived, type Derived } from './types.js';
import { descriptionOf } from './text.js';
import { mapNativeWorkplace, statesNotRemote, type WorkArrangementResult } from './work-arrangement.js';

const LOCATION_CONFIDENCE = 0.9;

/** Derives remote_derived from locations, native values and the arrangement classification. */
export function deriveRemote(
  input: EnrichInput,
  locationsSayRemote: boolean,
  arrangement: WorkArrangementResult | undefined,
): Derived<boolean> | undefined {
  if (locationsSayRemote) return derived(true, 'rules', LOCATION_CONFIDENCE);
  const native = mapNativeWorkplace(input.posting.workplaceType);
  if (native !== undefined) return derived(native === 'remote', 'source_field', 1);
  // A true flag on a job its description states hybrid (the arrangement refined it) or says is not
  // remote (work-arrangement.ts rule 4) is no remote job.
  if (input.posting.remote === true && arrangement !== undefined && overrulesFlag(input, arrangement))
    return derived(false, arrangement.source, arrangement.confidence);
  if (input.posting.remote !== undefined) return derived(input.posting.remote, 'source_field', 1);
  if (arrangement === undefined || arrangement.value === 'unknown') return undefined;
  return derived(arrangement.value === 'remote', arrangement.source, arrangement.confidence);
}

function overrulesFlag(input: EnrichInput, arrangement: WorkArrangementResult): boolean {
  if (arrangement.value === 'hybrid') return true;
  return arrangement.value === 'on_site' && statesNotRemote(descriptionOf(input));
}
