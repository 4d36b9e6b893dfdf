/** /v1/datasets: snapshot index, manifests with signed part URLs, and the signed downloads. */
import type { DatasetService } from '../services/datasets.js';
import type { HandlerMap } from './index.js';
import { query } from './query.js';

export function datasetHandlers(datasets: DatasetService, linkBaseUrl: string | undefined): HandlerMap {
  return {
    listDatasets: async (ctx) => {
      ctx.body = await datasets.list();
    },
    getDataset: async (ctx) => {
      const date = String(ctx.state.input?.path.snapshot_date);
      ctx.body = await datasets.manifest(date, linkBaseUrl ?? `${ctx.protocol}://${ctx.host}`);
    },
    downloadDatasetPart: async (ctx) => {
      const path = ctx.state.input?.path;
      const { expires, signature } = query<{ expires: number; signature: string }>(ctx);
      const part = await datasets.openPart(
        String(path?.snapshot_date),
        Number(path?.part),
        expires,
        signature,
      );
      ctx.type = 'application/vnd.apache.parquet';
      ctx.length = part.bytes;
      ctx.set('Content-Disposition', `attachment; filename="${part.name}"`);
      ctx.body = part.stream;
    },
  };
}
