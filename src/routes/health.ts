import type { HealthService } from '../services/health.js';
import type { OpenApiDocument } from '../openapi/document.js';
import { presentHealth } from '../presenters/health.js';
import type { HandlerMap } from './index.js';

export function healthHandlers(health: HealthService, version: string): HandlerMap {
  return {
    getHealth: async (ctx) => {
      ctx.body = presentHealth(await health.check(), version);
    },
  };
}

export function openApiHandlers(document: OpenApiDocument): HandlerMap {
  return {
    getOpenApi: (ctx) => {
      ctx.body = document;
      return Promise.resolve();
    },
  };
}
