/** /v1/datasets: snapshot index, manifests with signed part URLs, and the signed downloads. */
import { presentDatasets, presentManifest } from '../presenters/datasets.js';
import type { DatasetService } from '../services/datasets.js';
import type { HandlerMap } from './index.js';

export function datasetHandlers(datasets: DatasetService, linkBaseUrl: string | undefined): HandlerMap {
  return {
    listDatasets: async (ctx) => {
      ctx.body = presentDatasets(await datasets.list());
    },
    getDataset: async (ctx, { path }) => {
      const baseUrl = linkBaseUrl ?? `${ctx.protocol}://${ctx.host}`;
      ctx.body = presentManifest(await datasets.manifest(path.snapshot_date, baseUrl));
    },
    downloadDatasetPart: async (ctx, { path, query }) => {
      const part = await datasets.openPart(path.snapshot_date, path.part, query.expires, query.signature);
      ctx.type = 'application/vnd.apache.parquet';
      ctx.length = part.bytes;
      ctx.set('Content-Disposition', `attachment; filename="${part.name}"`);
      ctx.body = part.stream;
    },
  };
}
