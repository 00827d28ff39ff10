import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { OpsError } from './command.ts';

/**
 * Reads an operator's JSON file (a pack, an exchange card) and checks it against its schema. A
 * missing file, bad JSON or a wrong field is an OpsError naming each problem; `dir` is where
 * files the spec names (images) are looked up.
 */
export function readSpecFile<T extends z.ZodType>(file: string | undefined, what: string, schema: T): { spec: z.infer<T>; dir: string } {
  if (!file) throw new OpsError(`name the ${what} file`);
  const full = path.resolve(file);
  if (!fs.existsSync(full)) throw new OpsError(`${file}: no such file`);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(full, 'utf8'));
  } catch (error) {
    throw new OpsError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new OpsError(`${file} has problems:\n${problems.join('\n')}`);
  }
  return { spec: parsed.data, dir: path.dirname(full) };
}

/** Runs `work`; an error of `kind` (a mistake in the operator's input) becomes an OpsError (exit code 2). */
export async function asOpsError<T>(kind: new (...args: never[]) => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof kind) throw new OpsError(error.message);
    throw error;
  }
}
