/**
 * The Node/V8 flags the API process runs with (the image's CMD, `npm run api`, the demo, the
 * benchmarks and the two-process tests start it with these; the Dockerfile repeats them).
 *
 * Why: V8 sizes the heap from the host (semi-spaces of 64 MB and a 4.2 GB limit on this 24 GiB
 * machine) and sets the old generation's next limit at each full GC from how fast the GC and the
 * program seemed at that moment. Start-up is busy enough that the limit it sets can be the live
 * size plus a few MB (~54 MB for ~48 live); after that a search's promoted and pretenured objects
 * reach it every ~16 searches and a full mark-compact runs each time on V8's worker threads
 * (`--trace-gc`: one every 0.5–0.9 s, no scavenge between; `--trace-gc-verbose`: the controller's
 * factor). Whether a process lands there is chance: on bench:search's mix at concurrency 1, CPU per
 * search (/proc, all threads; 200 searches a run, alternating):
 *   default flags                          8.05, 8.75 ms (V8 workers 3.00–3.55 ms)
 *   --max-semi-space-size=16 alone         8.75, 9.50 ms (on filter-only queries it sufficed)
 *   --initial-old-space-size=256 alone     5.15, 5.70 ms
 *   both (these)                           4.40, 5.05, 4.60, 4.65, 4.65 ms (V8 workers 0.65–0.75 ms)
 * The first full GC then waits for 256 MB of old generation, by which time the program runs at its
 * steady pace and the limit is set from that; a good start had set ~220 MB on its own. The 16 MB
 * semi-spaces let scavenges free each search's Buffers sooner than 64 MB ones do.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--initial-old-space-size=256'];
