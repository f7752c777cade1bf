import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * A stand-in for Stripe's API: customers and Checkout Sessions, whose `url` is a page of this server.
 * A session request missing a field Stripe requires is refused with 400, as Stripe would.
 */
export async function startStripeMock() {
  const requests: StripeRequest[] = [];
  const problems: string[] = [];
  let origin = '';
  let sessions = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'GET' && url.pathname.startsWith('/checkout/')) {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>Mock Stripe Checkout</title><h1>Mock Stripe Checkout</h1><p>${url.pathname.slice(10)}</p>`);
      return;
    }
    if (!url.pathname.startsWith('/v1/')) {
      // The browser on the checkout page (its favicon, say).
      response.writeHead(404).end();
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    requests.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization, form });
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!request.headers.authorization?.startsWith('Bearer sk_test_')) {
      problems.push(`${url.pathname}: no secret key`);
      return json(401, { error: { message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') return json(200, { id: 'cus_e2e_1', object: 'customer' });
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const required = ['mode', 'line_items[0][price]', 'line_items[0][quantity]', 'success_url', 'cancel_url', 'client_reference_id'];
      const missing = required.filter((field) => !form.get(field));
      if (form.get('mode') !== 'subscription') missing.push('mode=subscription');
      if (missing.length > 0) {
        problems.push(`checkout session missing ${missing.join(', ')}`);
        return json(400, { error: { message: `Missing ${missing.join(', ')}` } });
      }
      const id = `cs_test_e2e_${++sessions}`;
      return json(200, { id, object: 'checkout.session', url: `${origin}/checkout/${id}` });
    }
    problems.push(`unexpected ${request.method} ${url.pathname}`);
    return json(404, { error: { message: 'Unrecognized request URL' } });
  });
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return { origin, requests, problems, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A second studio server, with its own data directory and the given environment (Stripe keys, for one). */
export async function startStudio(env: Record<string, string>): Promise<{ baseURL: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-commerce-'));
  const child: ChildProcess = spawn(process.env.STUDIO_E2E_BIN!, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir], {
    env: { ...process.env, STUDIO_AUTH_RATE_LIMIT_PER_IP: '1000', STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`studio exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('studio did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, stop: () => void child.kill() };
}
