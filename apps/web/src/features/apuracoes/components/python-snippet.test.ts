import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PYTHON_CONFERENCIA } from './python-snippet';

describe('the public page’s Python check', () => {
  it('is the program of docs/apuracao.md, word for word, and at most 15 lines', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../../../../docs/apuracao.md'), 'utf8');
    const start = doc.indexOf('```python\n') + '```python\n'.length;
    expect(PYTHON_CONFERENCIA).toBe(doc.slice(start, doc.indexOf('```', start)));
    expect(PYTHON_CONFERENCIA.trim().split('\n').length).toBeLessThanOrEqual(15);
  });
});
