import v8 from 'node:v8';

/**
 * V8 settings for the server process, imported first by server.ts (decision 028).
 *
 * No allocation-site pretenuring: under load, V8 saw the request objects of a few hot code paths
 * (Fastify's, the HTTP parser's) survive its young-generation collections, since dozens of
 * requests are in flight at any moment, and began allocating them straight in the old
 * generation. They die a few milliseconds later all the same, but only a full collection frees
 * them there, and every young collection then has to scan what they point to. Under the read
 * benchmark that meant 9–12 ms young collections 15 times a second and a full one every 2 s;
 * without pretenuring, 0.5–0.9 ms and none.
 *
 * V8 reads this flag at each collection, so setting it at start-up works; it only concerns this
 * process (the tests' in-process app keeps V8's default).
 */
export const V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
