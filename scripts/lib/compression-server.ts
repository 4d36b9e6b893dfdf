/**
 * The server half of bench:compression's end-to-end measurement, in a process of its own so that its
 * CPU and its heap are the server's alone (the bench's own heap holds the enrichment's gazetteer,
 * whose collections the encoders' buffers would otherwise pay for). Arguments `PATH=FILE` name the
 * bodies served, as a Buffer of JSON (as the search handler sends them), through the compression
 * middleware as the app wires it; `GET /cpu` answers the process's CPU use so far. Prints its port,
 * and exits when its standard input closes.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { compression } from '../../src/http/compression.js';
import type { AppState } from '../../src/http/state.js';

const bodies = new Map(
  process.argv.slice(2).map((argument): [string, Buffer] => {
    const [path = '', file = ''] = argument.split('=');
    return [path, readFileSync(file)];
  }),
);

const app = new Koa<AppState>();
app.use(compression());
app.use((ctx) => {
  if (ctx.path === '/cpu') {
    ctx.body = process.cpuUsage();
    return;
  }
  const body = bodies.get(ctx.path);
  if (body === undefined) {
    ctx.status = 404;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = body;
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => server.close());
