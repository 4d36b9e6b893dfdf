import type { AppContext } from '../http/state.js';

/** A precomputed body served as stored: byte for byte what was measured, with no re-serialization. */
export function sendStored(ctx: AppContext, body: string): void {
  ctx.type = 'application/json';
  ctx.body = body;
}
