import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Lints `code` as each of `paths` with the repository's ESLint, in one child process. */
const LINT = `
  const { ESLint } = await import('eslint');
  const { code, paths } = JSON.parse(process.argv[1]);
  const eslint = new ESLint();
  const out = [];
  for (const filePath of paths) out.push((await eslint.lintText(code, { filePath }))[0].messages);
  process.stdout.write(JSON.stringify(out));
`;

export interface LintMessage {
  ruleId: string | null;
  line: number;
  message: string;
}

/**
 * The messages the repository's ESLint gives a probe `code` placed at each of `paths` (relative
 * to the repository), for the tests of the project's own lint rules.
 */
export function lintProbe(code: string, paths: string[]): LintMessage[][] {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', LINT, JSON.stringify({ code, paths })],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(out) as LintMessage[][];
}
