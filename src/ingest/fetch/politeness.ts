/**
 * Per-host politeness for crawling: requests to one host go one at a time, at least
 * `minIntervalMs` apart, whatever the number of boards crawled concurrently. Different hosts
 * proceed in parallel.
 */
import type { HttpClient, HttpRequestInit, HttpResponse } from '../types.js';

export function politeHttpClient(
  inner: HttpClient,
  minIntervalMs: number,
  now: () => number = Date.now,
): HttpClient {
  const tails = new Map<string, Promise<void>>();
  const lastStart = new Map<string, number>();
  const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  return {
    async request(url: string, init?: HttpRequestInit): Promise<HttpResponse> {
      const host = new URL(url).host;
      const previous = tails.get(host) ?? Promise.resolve();
      let release: () => void = () => undefined;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => mine);
      tails.set(host, tail);
      await previous;
      try {
        const gap = minIntervalMs - (now() - (lastStart.get(host) ?? Number.NEGATIVE_INFINITY));
        if (gap > 0) await wait(gap);
        lastStart.set(host, now());
        return await inner.request(url, init);
      } finally {
        release();
        if (tails.get(host) === tail) tails.delete(host);
      }
    },
  };
}
