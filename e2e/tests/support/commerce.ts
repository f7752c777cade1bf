import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** The end of every subscription period the stand-in reports: 25 December 2026, 10:00 UTC. */
export const periodEnd = Date.UTC(2026, 11, 25, 10) / 1000;

/**
 * A stand-in for Stripe's API: customers, Checkout Sessions (whose `url` is a page of this server)
 * and cancelling a subscription at the end of its period.
 * A session request missing a field Stripe requires is refused with 400, as Stripe would.
 */
export async function startStripeMock() {
  const requests: StripeRequest[] = [];
  const problems: string[] = [];
  let origin = '';
  let sessions = 0;
  let customers = 0;
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
    if (request.method === 'POST' && url.pathname === '/v1/customers') return json(200, { id: `cus_e2e_${++customers}`, object: 'customer' });
    const cancel = url.pathname.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (request.method === 'POST' && cancel) {
      if (form.get('cancel_at_period_end') !== 'true') problems.push(`${url.pathname}: expected cancel_at_period_end=true`);
      return json(200, { id: cancel[1], object: 'subscription', status: 'active', cancel_at_period_end: true, current_period_end: periodEnd });
    }
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

/** Delivers a Stripe event to the studio's webhook, signed with `secret` as Stripe signs it. */
export async function deliverStripeEvent(origin: string, secret: string, event: { type: string; object: Record<string, unknown> }): Promise<number> {
  const payload = JSON.stringify({ id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`, type: event.type, data: { object: event.object } });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  const response = await fetch(`${origin}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  return response.status;
}
