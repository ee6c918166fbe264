import v8 from 'node:v8';

/**
 * V8 settings for the server process, imported first by server.ts (journal 028, re-measured on
 * Node 24 in issue 34: docs/performance.md).
 *
 * No allocation-site pretenuring. Under the read load dozens of requests are in flight at every
 * young-generation collection, so the objects of the hot allocation sites survive it at a high
 * rate and V8 starts allocating them straight in the old generation, where only a full
 * collection frees them. On Node 24 that costs memory rather than pauses: the server's peak
 * under the read benchmark was 315 and 334 MB with V8's default against 270 and 279 MB with this
 * flag, in alternating runs (the target is < 300 MB).
 *
 * V8 reads the flag at each collection, so setting it at start-up works. It concerns this process
 * only: the tests' in-process apps keep V8's default.
 *
 * The young generation's cap (`--max-semi-space-size=4`) cannot be set here: V8 lays out the heap
 * before any code runs. It is a node flag of apps/api's `start` and `start:cluster` scripts, and
 * the benchmark starts the server with those scripts' flags (docs/performance.md).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
