import type { ResponseBody } from '../openapi/operations.js';
import type { HealthReport } from '../services/health.js';

/** The /healthz body: always 200 while the process serves; `degraded` names what is down. */
export function presentHealth(report: HealthReport, version: string): ResponseBody<'getHealth'> {
  return { status: report.status, checks: report.checks, version };
}
