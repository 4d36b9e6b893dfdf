/** /v1/data-quality/current: the latest completed data-quality report, as the worker stored it. */
import type { QualityReportService } from '../services/quality/reports.js';
import type { HandlerMap } from './index.js';

export function qualityHandlers(quality: QualityReportService): HandlerMap {
  return {
    getDataQuality: async (ctx) => {
      ctx.body = await quality.current();
    },
  };
}
