import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A second studio server for one test, with its own data directory, flags and environment. */
export interface Studio {
  url: string;
  /** Its data directory (the SQLite database and the stored media). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The address the server says it listens on. It binds port 0 itself, so no other process can
 * take the port between its choice and its use.
 */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /studio listening on (http:\/\/\S+)/.exec(seen);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`studio exited with ${code} before listening`)));
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
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-extra-'));
  const child = spawn(bin, ['serve', '--bind', '127.0.0.1:0', '--data-dir', dataDir, ...(options.args ?? [])], {
    env: { ...process.env, STUDIO_AUTH_RATE_LIMIT_PER_IP: '1000', STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT: '1000', ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await listeningUrl(child);
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
