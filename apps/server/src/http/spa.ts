import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: files as they are, and index.html for every other non-API path so
 * the client router can show the route (or send unknown paths to the top page).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`web app not built at ${webDist}: run "npm run build" (npm start does it)`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    setHeaders(reply, filePath) {
      // Vite names built assets by content hash: they never change, so cache them for a year.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
}

export function serveSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return reply.code(404).send({ error: 'Not Found' });
  }
  if (typeof reply.sendFile !== 'function') {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built. Run "npm run build" (npm start does it).');
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
