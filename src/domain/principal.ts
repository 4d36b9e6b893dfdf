/** The caller of an operation, as far as access is concerned: resolved from its key at authentication. */
import type { KeyKind } from './keys.js';
import type { PlanCode } from './plans.js';
import type { AccountStatus } from './subscriptions.js';

/** Who is calling, as far as authorization is concerned. */
export interface Principal {
  accountId: string;
  keyId: string;
  keyKind: KeyKind;
  plan: PlanCode | null;
  accountStatus: AccountStatus;
  isService: boolean;
}
