import { expect } from 'chai';
import { politeHttpClient } from '../../src/ingest/fetch/politeness.js';
import type { HttpClient } from '../../src/ingest/types.js';

describe('per-host politeness', () => {
  it('serializes requests to one host and lets other hosts run in parallel', async () => {
    const active = new Map<string, number>();
    const peak = new Map<string, number>();
    let releaseAll: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    const inner: HttpClient = {
      async request(url) {
        const host = new URL(url).host;
        active.set(host, (active.get(host) ?? 0) + 1);
        peak.set(host, Math.max(peak.get(host) ?? 0, active.get(host) ?? 0));
        await gate;
        active.set(host, (active.get(host) ?? 1) - 1);
        return { status: 200, url, headers: {}, text: '' };
      },
    };
    const client = politeHttpClient(inner, 0);
    const calls = [
      client.request('https://a.example/1'),
      client.request('https://a.example/2'),
      client.request('https://b.example/1'),
      client.request('https://a.example/3'),
    ];
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(active.get('a.example')).to.equal(1);
    expect(active.get('b.example')).to.equal(1);
    releaseAll();
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.url)).to.deep.equal([
      'https://a.example/1',
      'https://a.example/2',
      'https://b.example/1',
      'https://a.example/3',
    ]);
    expect(peak.get('a.example')).to.equal(1);
  });

  it('keeps requests to one host at least the minimum interval apart', async () => {
    const starts: number[] = [];
    const inner: HttpClient = {
      request(url) {
        starts.push(performance.now());
        return Promise.resolve({ status: 200, url, headers: {}, text: '' });
      },
    };
    const client = politeHttpClient(inner, 20);
    await Promise.all([
      client.request('https://a.example/1'),
      client.request('https://a.example/2'),
      client.request('https://a.example/3'),
    ]);
    expect(starts).to.have.length(3);
    for (let i = 1; i < starts.length; i += 1)
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).to.be.at.least(19);
  });
});
