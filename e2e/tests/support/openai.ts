import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePng } from './fixtures';

export interface ImagesRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string;
  /** The names of a multipart body's parts (`image`, `mask`, `image[]`, `prompt`…), in order. */
  parts: string[];
}

function read(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * A stand-in for the OpenAI Images API: every generation or edit answers one magenta picture, so
 * a hosted result is told apart from the studio engine's at a glance. The request shapes are
 * checked by the Rust contract tests; this one records which calls arrived.
 */
export async function startImagesMock() {
  const requests: ImagesRequest[] = [];
  const picture = encodePng(256, 384, () => [214, 40, 160]).toString('base64');
  const server = createServer(async (request, response) => {
    const body = await read(request);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'] ?? '',
      parts: [...body.toString('latin1').matchAll(/Content-Disposition: form-data; name="([^"]+)"/gi)].map((match) => match[1] ?? ''),
    });
    const known = request.method === 'POST' && (path === '/v1/images/generations' || path === '/v1/images/edits');
    response.writeHead(known ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify(
        known
          ? { created: 1764000000, data: [{ b64_json: picture }], usage: { input_tokens: 50, output_tokens: 1056, total_tokens: 1106 } }
          : { error: { message: `Unexpected ${request.method} ${path}` } },
      ),
    );
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
