import type { ParameterizedContext } from 'koa';
import type { Principal } from '../domain/principal.js';
import type { Meter } from '../services/allowance.js';
import type { RateLimitTicket } from '../services/rate-limits.js';
import type { Operation } from '../openapi/document.js';
import type { AccessDecision } from '../policies/access.js';
import type { ValidatedInput } from './validation.js';

/** What the middleware chain learns about a request, step by step. */
export interface AppState {
  requestId: string;
  operation?: Operation;
  principal?: Principal;
  input?: ValidatedInput;
  /** The access policy's decision (set by the authorize step, after validation). */
  access?: AccessDecision;
  /** The caller's allowance, on operations that consume it (absent: nothing is charged). */
  meter?: Meter;
  /** The request's rate-limit count while not taken yet (http/rate-limit.ts, metered operations). */
  rateLimit?: RateLimitTicket;
}

export type AppContext = ParameterizedContext<AppState>;
