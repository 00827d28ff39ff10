import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface OpsResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ShopServer {
  url: string;
  dataDir: string;
  /**
   * Runs an operator command on this shop the way `npm run ops -- …` does while a PGlite shop
   * runs: posted to the server's operator endpoint (DATA_DIR/ops-endpoint.json) and printed as
   * the CLI prints it. The CLI's own process start (~1.5 s of CPU each) is left out; cli() runs it.
   */
  ops(args: string[]): Promise<OpsResult>;
  /** Runs the real command line, `node apps/server/src/cli/ops.ts …`, against this shop. */
  cli(args: string[]): Promise<OpsResult>;
  /** The server's own output so far (warnings and errors at LOG_LEVEL warn), for failure reports. */
  log(): string;
  /** Stops the server (SIGTERM: it closes its database cleanly) and removes its folder unless kept. */
  stop(options?: { keepData?: boolean }): Promise<void>;
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
 * `npm start` does, on a free loopback port. With `template` (a data folder a shop of this run
 * has already set up: shop-template.ts) the folder starts as a copy of it, so the server finds
 * its database migrated and seeded instead of running initdb, the migrations, the demo seed and
 * the job queue's set-up again.
 */
export async function startShop(
  options: {
    template?: string | undefined;
    /** More environment for the server, given its address (e.g. a payment adapter's settings and PUBLIC_URL). */
    env?: ((url: string) => NodeJS.ProcessEnv) | undefined;
  } = {},
): Promise<ShopServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-e2e-'));
  if (options.template) fs.cpSync(options.template, dataDir, { recursive: true });
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    // The browser tests register many members from 127.0.0.1.
    REGISTRATIONS_PER_IP_HOUR: '10000',
    // Lots the tests create go on sale at once (a shop publishes its commitments a day ahead);
    // their cards still wait for the local beacon's next round, as a member's do.
    LOT_PUBLISH_LEAD_MS: '0',
  };
  let url = '';
  let output = '';
  /** The environment of the server that started, which the real command line gets too (cli()). */
  let env: NodeJS.ProcessEnv = baseEnv;
  /**
   * Starts the server on a port free a moment ago. Another file's shop, starting at the same
   * time, may take that port first: this server then exits with EADDRINUSE and is started again
   * on another port. Ready means this very server listens: it has written its operator endpoint
   * (DATA_DIR/ops-endpoint.json, after listening) with its pid and port, and answers there. An
   * answer on the port alone could come from the other shop, whose data folder is not this one
   * (it happened: registrations went to the other shop, and this one's operator calls failed).
   */
  const launch = async (): Promise<ChildProcess> => {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      // A test's own settings (e.g. a payment provider routed to its local stand-in), given the shop's address.
      env = { ...baseEnv, PORT: String(port), ...options.env?.(url) };
      output = '';
      const started = runNode(['apps/server/src/server.ts'], env);
      started.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      started.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      // Four files start their shops at once beside four browsers: on two busy cores a start has
      // taken over 60 s (a full run, 2026-11-28). Within the set-up's 120 s (vitest.config.ts);
      // E2E_START_TIMEOUT_MS gives more on a slower machine.
      const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 110_000);
      for (;;) {
        if (started.exitCode !== null) {
          if (/EADDRINUSE/.test(output) && attempt < 5) break;
          throw new Error(`server exited early:\n${output}`);
        }
        const endpoint = readEndpoint(dataDir);
        if (endpoint && endpoint.pid === started.pid && endpoint.port === port) {
          try {
            const res = await fetch(`${url}/api/user/point`);
            if (res.ok) return started;
          } catch {
            // not answering yet
          }
        }
        if (Date.now() > deadline) {
          // Not left running: the caller has no handle to stop it.
          started.kill('SIGKILL');
          throw new Error(`server did not start in time:\n${output}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
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
    ops: (args) => runThroughEndpoint(dataDir, args),
    log: () => output,
    cli(args) {
      return new Promise((resolve) => {
        const proc = runNode(['apps/server/src/cli/ops.ts', ...args], env);
        let stdout = '';
        let stderr = '';
        proc.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
        proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
        proc.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
      });
    },
    async stop({ keepData = false } = {}) {
      await halt();
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The operator endpoint a PGlite shop writes once it listens: its port, token and pid. */
function readEndpoint(dataDir: string): { port: number; token: string; pid: number } | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'ops-endpoint.json'), 'utf8')) as { port: number; token: string; pid: number };
  } catch {
    return undefined;
  }
}

/** Posts the command as the CLI does when it finds a running server (apps/server/src/cli/ops.ts). */
async function runThroughEndpoint(dataDir: string, argv: string[]): Promise<OpsResult> {
  const endpoint = readEndpoint(dataDir);
  if (!endpoint) throw new Error(`no operator endpoint in ${dataDir}: the shop is not running`);
  const response = await fetch(`http://127.0.0.1:${endpoint.port}/api/_ops/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': endpoint.token },
    body: JSON.stringify({ argv }),
  });
  if (!response.ok) throw new Error(`operator endpoint answered ${response.status}: ${await response.text()}`);
  const outcome = (await response.json()) as { ok: boolean; exitCode: number; message: string; data: Record<string, unknown> };
  // The CLI's printing: --json prints the data, otherwise the message, to stderr when it failed.
  if (argv.includes('--json')) return { code: outcome.exitCode, stdout: `${JSON.stringify({ ok: outcome.ok, ...outcome.data })}\n`, stderr: '' };
  const line = `${outcome.message}\n`;
  return outcome.ok ? { code: outcome.exitCode, stdout: line, stderr: '' } : { code: outcome.exitCode, stdout: '', stderr: line };
}
