import { writeFileSync } from 'node:fs';
import { buildVectors } from '../test/support/vectors.ts';

// Writes the published test vectors; test/test-vectors.test.ts fails when they drift from this.
const dir = new URL('../test-vectors/', import.meta.url);
for (const [name, value] of Object.entries(buildVectors())) {
  writeFileSync(new URL(name, dir), `${JSON.stringify(value, null, 2)}\n`);
}
