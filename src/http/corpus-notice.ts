import type { Next } from 'koa';
import type { CorpusNotice } from '../services/corpus-notice.js';
import type { AppContext } from './state.js';

/** On every response while the corpus includes synthetic demo data (openapi.yaml, *Synthetic demo data*). */
export const SYNTHETIC_HEADER = 'X-Corpus-Synthetic';

/**
 * Middleware: labels every response, errors included, while the corpus includes synthetic data.
 * The notice is asked before the request is handled, so a read it has to make overlaps the
 * handler instead of adding to it.
 */
export function corpusNoticeHeader(notice: Pick<CorpusNotice, 'synthetic'>) {
  return async function corpusNotice(ctx: AppContext, next: Next): Promise<void> {
    const synthetic = notice.synthetic();
    try {
      await next();
    } finally {
      if (await synthetic) ctx.set(SYNTHETIC_HEADER, 'true');
    }
  };
}
