import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How the CLI finds a running server: the server writes its port and a random token to
 * DATA_DIR/ops-endpoint.json (readable by its owner only); the CLI posts commands to the
 * loopback operator endpoint with that token. PGlite allows one process per data folder, so
 * this is how commands work while the shop runs.
 */
export interface OpsEndpoint {
  port: number;
  token: string;
  pid: number;
}

export function endpointFile(dataDir: string): string {
  return path.resolve(dataDir, 'ops-endpoint.json');
}

export function writeEndpointFile(dataDir: string, port: number): OpsEndpoint {
  const endpoint: OpsEndpoint = { port, token: randomBytes(32).toString('base64url'), pid: process.pid };
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  fs.writeFileSync(endpointFile(dataDir), JSON.stringify(endpoint), { mode: 0o600 });
  return endpoint;
}

export function readEndpointFile(dataDir: string): OpsEndpoint | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(endpointFile(dataDir), 'utf8')) as OpsEndpoint;
    return typeof parsed.port === 'number' && typeof parsed.token === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file if it still describes this process. */
export function removeEndpointFile(dataDir: string): void {
  const current = readEndpointFile(dataDir);
  if (current?.pid === process.pid) fs.rmSync(endpointFile(dataDir), { force: true });
}

/** Whether a process with this pid exists (signal 0 only checks). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
