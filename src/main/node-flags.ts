/**
 * The Node/V8 flags the API process runs with (the image's CMD, `npm run api`, the demo, the
 * benchmarks and the two-process tests start it with these; the Dockerfile repeats them).
 *
 * Why a young-generation cap: on a host with a large heap limit V8 sizes each semi-space at 64 MB
 * (heap limit 4.2 GB on this 24 GiB machine). A search allocates little on the heap but ~0.6 MB of
 * Buffers (Elasticsearch's answer as it arrives, then whole, then the response), which only a GC
 * frees; with a young generation that rarely fills, the Buffers set off a full mark-compact every
 * ~16 searches instead (`--trace-gc`: one every ~500 ms, no scavenge between), run on V8's worker
 * threads: 7.75–8.10 ms of CPU per search at concurrency 1 against 4.20–4.55 ms with 16 MB
 * semi-spaces (three alternating runs each, /proc per-thread times: V8 workers 2.8–3.25 ms →
 * 0.65–0.70 ms a search). 8 MB measured 4.40–4.85 ms, 32 MB 4.25–4.55 ms.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
