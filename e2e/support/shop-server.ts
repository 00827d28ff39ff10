import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ShopServer {
  url: string;
  dataDir: string;
  /** Runs `npm run ops -- …` against this shop; resolves with the exit code and output. */
  ops(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function runNode(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Starts the real server (built web app, PGlite in a temporary folder, demo catalogue) the way
 * `npm start` does, on a free loopback port.
 */
export async function startShop(): Promise<ShopServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    // The browser tests register many members from 127.0.0.1.
    REGISTRATIONS_PER_IP_HOUR: '10000',
  };
  const url = `http://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    const started = runNode(['apps/server/src/server.ts'], env);
    let output = '';
    started.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    started.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/api/user/point`);
        if (res.ok) return started;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        // Not left running: the caller has no handle to stop it.
        started.kill('SIGKILL');
        throw new Error(`server did not start in time:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const halt = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const child = await launch();
  return {
    url,
    dataDir,
    ops(args) {
      return new Promise((resolve) => {
        const proc = runNode(['apps/server/src/cli/ops.ts', ...args], env);
        let stdout = '';
        let stderr = '';
        proc.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
        proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
        proc.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
      });
    },
    async stop() {
      await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
