import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A second studio server for one test, with its own data directory, flags and environment. */
export interface Studio {
  url: string;
  /** Its data directory (the SQLite database and the stored media). */
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function healthy(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`studio exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`studio at ${url} never became healthy`);
}

/** Starts `studio serve` (the binary the run uses) with extra arguments and environment. */
export async function startStudio(options: { args?: string[]; env?: Record<string, string> } = {}): Promise<Studio> {
  const bin = process.env.STUDIO_E2E_BIN;
  if (!bin) throw new Error('STUDIO_E2E_BIN is set by playwright.config.ts');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-extra-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir, ...(options.args ?? [])], {
    env: { ...process.env, STUDIO_AUTH_RATE_LIMIT_PER_IP: '1000', STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT: '1000', ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await healthy(url, child);
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
