import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/**
 * Tests only: a small HTTPS server standing in for a payment provider's API (the adapters call
 * https:// addresses), with a throwaway self-signed certificate made by openssl, the requests
 * it saw, and faults to inject: the next matching call hangs (a timeout) or loses its
 * connection. The provider's web pages (the buyer's side, on another host in reality) are
 * served by the same routes over plain HTTP at `webUrl`, so a browser needs no certificate.
 */

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
}

export interface StandInAnswer {
  status: number;
  json?: unknown;
  html?: string;
  text?: string;
  location?: string;
  contentType?: string;
}

export type StandInRoute = (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;

let certificate: { key: string; cert: string } | undefined;

/** A key and a self-signed certificate for 127.0.0.1 (made once per test process). */
export function testCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-stand-in-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  certificate = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  return certificate;
}

export class StandInServer {
  readonly requests: StandInRequest[] = [];
  private readonly faults: { match: RegExp; kind: 'hang' | 'drop' }[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly servers: http.Server[],
    readonly host: string,
    readonly webUrl: string,
  ) {}

  get url(): string {
    return `https://${this.host}`;
  }

  static async start(route: StandInRoute): Promise<StandInServer> {
    const servers = [https.createServer(testCertificate()), http.createServer()];
    const ports = await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.listen(0, '127.0.0.1', () => {
              const address = server.address();
              if (address && typeof address === 'object') resolve(address.port);
              else reject(new Error('stand-in did not listen'));
            });
          }),
      ),
    );
    const standIn = new StandInServer(servers, `127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`);
    for (const server of servers) {
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => void standIn.answer(route, req, res, body));
      });
    }
    return standIn;
  }

  /** The next call whose "METHOD path" matches hangs (never answered) or has its connection cut. */
  failNext(kind: 'hang' | 'drop', match: RegExp): void {
    this.faults.push({ match, kind });
  }

  private async answer(route: StandInRoute, req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', this.url);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, body };
    this.requests.push(request);
    if (request.path === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const at = this.faults.findIndex((fault) => fault.match.test(`${request.method} ${request.path}`));
    if (at >= 0) {
      const [fault] = this.faults.splice(at, 1);
      if (fault?.kind === 'drop') req.socket.destroy();
      else this.hanging.add(res);
      return;
    }
    let answer: StandInAnswer;
    try {
      answer = await route(request);
    } catch (error) {
      answer = { status: 500, json: { name: 'INTERNAL_SERVER_ERROR', message: String(error) } };
    }
    if (answer.location) res.setHeader('location', answer.location);
    if (answer.json !== undefined) res.setHeader('content-type', 'application/json');
    else if (answer.html !== undefined) res.setHeader('content-type', 'text/html; charset=utf-8');
    else if (answer.contentType) res.setHeader('content-type', answer.contentType);
    res.statusCode = answer.status;
    res.end(answer.json !== undefined ? JSON.stringify(answer.json) : (answer.html ?? answer.text ?? ''));
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.socket?.destroy();
    for (const server of this.servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
}

/** A GET or form POST to a stand-in page as a browser would (an https one's certificate is a throwaway). */
export function standInFetch(url: string, form?: Record<string, string>): Promise<{ status: number; location: string; body: string }> {
  const payload = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).request(
      url,
      {
        method: form ? 'POST' : 'GET',
        ...(url.startsWith('https:') ? { rejectUnauthorized: false } : {}),
        headers: form ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload ?? '') } : {},
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? ''), body }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
