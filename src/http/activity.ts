import type { Next } from 'koa';
import type { ActivityRecorder } from '../services/activity.js';
import type { AppContext } from './state.js';

/** Middleware: after the response is decided (outside the problem mapper), record who did what. */
export function recordActivity(recorder: Pick<ActivityRecorder, 'record'>) {
  return async function activity(ctx: AppContext, next: Next): Promise<void> {
    const occurredAt = new Date();
    try {
      await next();
    } finally {
      const principal = ctx.state.principal;
      if (principal !== undefined) {
        recorder.record({
          accountId: principal.accountId,
          keyId: principal.keyId,
          occurredAt,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          jobsReturned: ctx.state.meter?.charged ?? 0,
        });
      }
    }
  };
}
