/**
 * Where a delivery run's time goes, for bench:destinations. DeliveryService builds its repositories
 * and the customer table itself, so the bench cannot hand it timed ones: it wraps their prototypes'
 * methods for the duration of a measurement instead (and puts them back). Only one run may be in
 * flight while a probe counts — the gaps between stages are taken between consecutive calls.
 */
import { CustomerTable } from '../../src/db/customer-table.js';
import { DestinationRepository } from '../../src/db/destinations.js';
import { LedgerRepository } from '../../src/db/ledger.js';

export type Stage =
  /** Change events read from the ledger (LedgerRepository.read). */
  | 'read'
  /** Open jobs read for a backfill (DestinationRepository.openJobsAfter). */
  | 'backfillRead'
  /** From the end of a read to the start of the customer transaction: filters and row building. */
  | 'map'
  /** The customer transaction (CustomerTable.apply): rows, the batch record, the record's trim. */
  | 'apply'
  /** A batch's progress recorded on our side (DestinationRepository.recordProgress). */
  | 'progress'
  /** A webhook batch marked pending before it is sent (DestinationRepository.markPending). */
  | 'pending'
  /** From marked pending to progress recorded: body serialized, signed, sent and acknowledged. */
  | 'send';

export const STAGES: readonly Stage[] = [
  'read',
  'backfillRead',
  'map',
  'apply',
  'progress',
  'pending',
  'send',
];

export interface DeliveryProbe {
  /** Milliseconds and calls per stage since the last reset. */
  totals: Record<Stage, { ms: number; calls: number }>;
  reset(): void;
  restore(): void;
}

interface Hooks {
  before?: (started: number) => void;
  after: (started: number, ended: number) => void;
}

/** Replaces `proto[name]` with a timed version; returns what puts the original back. */
function wrap<P extends object>(proto: P, name: keyof P & string, hooks: Hooks): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(proto, name);
  const original: unknown = descriptor?.value;
  if (descriptor === undefined || typeof original !== 'function')
    throw new Error(`${name} is not a method of its prototype`);
  const timed = async function (this: unknown, ...args: unknown[]): Promise<unknown> {
    const started = performance.now();
    hooks.before?.(started);
    try {
      const result: unknown = await Reflect.apply(original, this, args);
      return result;
    } finally {
      hooks.after(started, performance.now());
    }
  };
  Object.defineProperty(proto, name, { ...descriptor, value: timed });
  return () => {
    Object.defineProperty(proto, name, descriptor);
  };
}

export function probeDelivery(): DeliveryProbe {
  const empty = (): DeliveryProbe['totals'] => ({
    read: { ms: 0, calls: 0 },
    backfillRead: { ms: 0, calls: 0 },
    map: { ms: 0, calls: 0 },
    apply: { ms: 0, calls: 0 },
    progress: { ms: 0, calls: 0 },
    pending: { ms: 0, calls: 0 },
    send: { ms: 0, calls: 0 },
  });
  const probe = { totals: empty() };
  let readEnded: number | undefined;
  let pendingEnded: number | undefined;
  const add = (stage: Stage, ms: number): void => {
    const total = probe.totals[stage];
    total.ms += ms;
    total.calls += 1;
  };
  const restores = [
    wrap(LedgerRepository.prototype, 'read', {
      after(started, ended) {
        add('read', ended - started);
        readEnded = ended;
      },
    }),
    wrap(DestinationRepository.prototype, 'openJobsAfter', {
      after(started, ended) {
        add('backfillRead', ended - started);
        readEnded = ended;
      },
    }),
    wrap(CustomerTable.prototype, 'apply', {
      before(started) {
        if (readEnded !== undefined) add('map', started - readEnded);
        readEnded = undefined;
      },
      after(started, ended) {
        add('apply', ended - started);
      },
    }),
    wrap(DestinationRepository.prototype, 'markPending', {
      after(started, ended) {
        add('pending', ended - started);
        pendingEnded = ended;
      },
    }),
    wrap(DestinationRepository.prototype, 'recordProgress', {
      before(started) {
        if (pendingEnded !== undefined) add('send', started - pendingEnded);
        pendingEnded = undefined;
      },
      after(started, ended) {
        add('progress', ended - started);
      },
    }),
  ];
  return {
    get totals() {
      return probe.totals;
    },
    reset() {
      probe.totals = empty();
      readEnded = undefined;
      pendingEnded = undefined;
    },
    restore() {
      for (const restore of restores.splice(0)) restore();
    },
  };
}
