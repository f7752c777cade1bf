import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePng } from './fixtures';

export interface ImagesRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string;
}

function drain(request: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    request.on('data', () => undefined);
    request.on('end', resolve);
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
    await drain(request);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'] ?? '',
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
