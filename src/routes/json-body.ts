import type { AppContext } from '../http/state.js';

/**
 * A JSON body already serialized — a stored snapshot, or a job page written from Elasticsearch's
 * bytes (presenters/job-bytes.ts) — sent byte for byte, with no parse or re-serialization.
 */
export function sendJson(ctx: AppContext, body: string | Buffer): void {
  ctx.type = 'application/json';
  ctx.body = body;
}
