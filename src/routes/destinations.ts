/** /v1/destinations*: outbound Postgres and webhook destinations of a Scale account. */
import type { ValidatedInput } from '../openapi/operations.js';
import { presentDestination, presentDestinationList, presentRuns } from '../presenters/destinations.js';
import type { DestinationConfig, DestinationService } from '../services/destinations.js';
import type { HandlerMap } from './index.js';
import { caller } from './caller.js';

type ConfigBody = NonNullable<ValidatedInput<'updateDestination'>['body']>;

/** The body's kind and config as one configuration; the schema's defaults where omitted. */
function configOf(
  body: ConfigBody | ValidatedInput<'createDestination'>['body'],
): DestinationConfig | undefined {
  if (body.config === undefined) return undefined;
  if (body.kind === 'webhook') return { kind: 'webhook', url: body.config.url };
  return {
    kind: 'postgres',
    ...body.config,
    port: body.config.port,
    sslmode: body.config.sslmode,
  };
}

export function destinationHandlers(destinations: DestinationService): HandlerMap {
  return {
    listDestinations: async (ctx) => {
      ctx.body = presentDestinationList(await destinations.list(caller(ctx).accountId));
    },
    createDestination: async (ctx, { body }) => {
      const config = configOf(body);
      if (config === undefined) throw new Error('the validator requires config on create');
      const view = await destinations.create(caller(ctx).accountId, {
        name: body.name,
        config,
        ...(body.filters === undefined ? {} : { filters: body.filters }),
      });
      ctx.status = 201;
      ctx.set('Location', `/v1/destinations/${view.row.id}`);
      ctx.body = presentDestination(view);
    },
    getDestination: async (ctx, { path }) => {
      ctx.body = presentDestination(await destinations.get(caller(ctx).accountId, path.destination_id));
    },
    updateDestination: async (ctx, { path, body }) => {
      const config = configOf(body);
      const view = await destinations.update(caller(ctx).accountId, path.destination_id, {
        kind: body.kind,
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(config === undefined ? {} : { config }),
        ...(body.filters === undefined ? {} : { filters: body.filters }),
        ...('rotate_secret' in body && body.rotate_secret === true ? { rotateSecret: true } : {}),
      });
      ctx.body = presentDestination(view);
    },
    deleteDestination: async (ctx, { path }) => {
      await destinations.delete(caller(ctx).accountId, path.destination_id);
      ctx.status = 204;
    },
    enableDestination: async (ctx, { path }) => {
      ctx.body = presentDestination(await destinations.enable(caller(ctx).accountId, path.destination_id));
    },
    disableDestination: async (ctx, { path }) => {
      ctx.body = presentDestination(await destinations.disable(caller(ctx).accountId, path.destination_id));
    },
    listDestinationRuns: async (ctx, { path, query }) => {
      ctx.body = presentRuns(
        await destinations.runs(caller(ctx).accountId, path.destination_id, query.limit),
      );
    },
  };
}
