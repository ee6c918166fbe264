#!/usr/bin/env node
// The project's own check of the running Node.js, before `npm start`, `npm run serve` and
// `npm test` (their `pre` scripts in package.json): on an older Node the server built and then
// died with a segmentation fault, with no word about Node (issue 54). It imports nothing but
// Node's own modules, so any Node that runs npm gets the message. `npm ci` stops earlier on its
// own (`engine-strict` in .npmrc, with the same range).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** [major, minor, patch] of "v24.1.0" or "24.1.0"; null when it is not a version. */
function parse(text) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(text).trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/**
 * Whether `version` satisfies `range`, the form package.json's `engines.node` uses here:
 * alternatives joined by `||`, each a list of comparators (`>=22.22.2 <23`). A partial version
 * (`<23`) stands for its first release (`<23.0.0`).
 */
export function satisfies(version, range) {
  const v = parse(version);
  if (!v) return false;
  return range.split('||').some(function (alternative) {
    var comparators = alternative.trim().split(/\s+/).filter(Boolean);
    return (
      comparators.length > 0 &&
      comparators.every(function (c) {
        const m = /^(>=|<=|>|<|=)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(c);
        if (!m) return false;
        const order = compare(v, [Number(m[2]), Number(m[3] || 0), Number(m[4] || 0)]);
        switch (m[1] || '=') {
          case '>=':
            return order >= 0;
          case '<=':
            return order <= 0;
          case '>':
            return order > 0;
          case '<':
            return order < 0;
          default:
            return order === 0;
        }
      })
    );
  });
}

/** The line a person reads when `version` does not fit `range`; null when it does. */
export function complaint(version, range, recommended) {
  if (satisfies(version, range)) return null;
  return (
    'O Praça precisa do Node.js ' +
    recommended +
    ' (package.json pede node ' +
    range +
    '), mas este é o Node ' +
    (String(version).charAt(0) === 'v' ? version : 'v' + version) +
    '. Rode "source scripts/node24.sh" (traz o Node 24 do registro npm para este shell) ou ' +
    '"nvm use" (lê o .nvmrc) e repita o comando.'
  );
}

/** The range and the recommended major from the repository's package.json and .nvmrc. */
export function projectNode(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const nvmrc = path.join(root, '.nvmrc');
  const recommended = fs.existsSync(nvmrc) ? fs.readFileSync(nvmrc, 'utf8').trim() : '24';
  return { range: pkg.engines.node, recommended };
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  const node = projectNode(path.resolve(path.dirname(here), '..'));
  const line = complaint(process.version, node.range, node.recommended);
  if (line) {
    console.error(line);
    process.exit(1);
  }
}
