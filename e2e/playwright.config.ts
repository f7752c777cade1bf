import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));

// One port and one data directory per run; workers inherit them through the environment.
if (!process.env.STUDIO_E2E_PORT) {
  process.env.STUDIO_E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}
if (!process.env.STUDIO_E2E_DATA_DIR) {
  process.env.STUDIO_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
}

const port = process.env.STUDIO_E2E_PORT;
const dataDir = process.env.STUDIO_E2E_DATA_DIR;
const studioBin = resolve(here, process.env.STUDIO_BIN ?? '../target/debug/studio');
// Tests that seed fixtures run the same binary against the same data directory.
process.env.STUDIO_E2E_BIN = studioBin;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `"${studioBin}" serve --bind 127.0.0.1:${port} --data-dir "${dataDir}"`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      STUDIO_AUTH_RATE_LIMIT_PER_IP: '1000',
      STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    },
  },
});
