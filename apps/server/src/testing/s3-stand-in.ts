import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: a local stand-in for an S3-compatible object store, written from the S3 REST API
 * reference (path-style addresses): PutObject, GetObject and HeadObject with a single `Range`
 * (206 + Content-Range, 416 past the end), DeleteObject, and multipart uploads (Create, UploadPart,
 * Complete with its part list, Abort). It checks that each request is signed with SigV4 by the
 * expected access key, but not the signature itself. `requests` records what arrived.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, Buffer>;
  requests: { method: string; key: string; query: string; range?: string }[];
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';
const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

export async function startS3StandIn(bucket = 'oripa-media'): Promise<S3StandIn> {
  const accessKeyId = 'STANDINKEY';
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const requests: S3StandIn['requests'] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const range = req.headers.range;
    requests.push({ method: req.method ?? '', key, query: url.search, ...(range ? { range } : {}) });
    const error = (status: number, code: string) => res.writeHead(status, { 'content-type': 'application/xml' }).end(xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
    if (!String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return error(403, 'AccessDenied');
    if (bucketName !== bucket) return error(404, 'NoSuchBucket');
    const pieces: Buffer[] = [];
    for await (const piece of req) pieces.push(piece as Buffer);
    const body = Buffer.concat(pieces);
    const q = url.searchParams;

    if (req.method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, { key, parts: new Map() });
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(xml(`<InitiateMultipartUploadResult ${NS}><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`));
    }
    const upload = q.get('uploadId') ? uploads.get(q.get('uploadId') as string) : undefined;
    if (q.get('uploadId') && !upload) return error(404, 'NoSuchUpload');
    if (req.method === 'PUT' && upload) {
      upload.parts.set(Number(q.get('partNumber')), body);
      return res.writeHead(200, { etag: etagOf(body) }).end();
    }
    if (req.method === 'POST' && upload) {
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      if (numbers.length === 0 || numbers.some((n) => !upload.parts.has(n))) return error(400, 'InvalidPart');
      const whole = Buffer.concat(numbers.map((n) => upload.parts.get(n) as Buffer));
      objects.set(upload.key, whole);
      uploads.delete(q.get('uploadId') as string);
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(xml(`<CompleteMultipartUploadResult ${NS}><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etagOf(whole)}</ETag></CompleteMultipartUploadResult>`));
    }
    if (req.method === 'DELETE' && upload) {
      uploads.delete(q.get('uploadId') as string);
      return res.writeHead(204).end();
    }
    if (req.method === 'PUT') {
      objects.set(key, body);
      return res.writeHead(200, { etag: etagOf(body) }).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      const headers = { etag: etagOf(object), 'accept-ranges': 'bytes', 'content-type': 'application/octet-stream' };
      const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
      if (!match) return res.writeHead(200, { ...headers, 'content-length': object.length }).end(req.method === 'GET' ? object : undefined);
      const start = match[1] === '' ? Math.max(object.length - Number(match[2]), 0) : Number(match[1]);
      const end = match[1] === '' || match[2] === '' ? object.length - 1 : Math.min(Number(match[2]), object.length - 1);
      if (start >= object.length) return error(416, 'InvalidRange');
      const slice = object.subarray(start, end + 1);
      return res
        .writeHead(206, { ...headers, 'content-length': slice.length, 'content-range': `bytes ${start}-${end}/${object.length}` })
        .end(req.method === 'GET' ? slice : undefined);
    }
    return error(405, 'MethodNotAllowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'stand-in-secret',
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
