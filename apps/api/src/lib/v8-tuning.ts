import v8 from 'node:v8';

/**
 * V8 settings for the server process, imported first by server.ts (decision 028).
 *
 * No allocation-site pretenuring. Under load, dozens of requests are in flight at every
 * young-generation collection, so the objects of the hot allocation sites survive it at a high
 * rate, and V8 began allocating them straight in the old generation. They die a few
 * milliseconds later all the same, but only a full collection frees them there, and every young
 * collection has to scan what they point to. Under the read benchmark that meant young
 * collections of 8–12 ms, 15 a second, and a full one every 2 s; without pretenuring, 0.5–0.9 ms
 * and none.
 *
 * V8 reads the flag at each collection, so setting it at start-up works. It concerns this process
 * only: the tests' in-process apps keep V8's default.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
