import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The map's tile server and geocoder stand-in (geocoder-stub.mjs), so no test reaches the internet.
const STUB_PORT = PORT + 1;
const STUB = `http://127.0.0.1:${STUB_PORT}`;
// A real SMTP server (smtp-stub.mjs) receives the account e-mails; its inbox is read over HTTP.
const SMTP_PORT = PORT + 2;
const INBOX_PORT = PORT + 3;
process.env.E2E_INBOX_URL = `http://127.0.0.1:${INBOX_PORT}`;
// Issue 52: a local gov.br (oidc-provider issuing gov.br's tokens, and the confiabilidades API):
// apps/api/test/govbr-provider.mjs, on a loopback port of its own.
const GOVBR_PORT = PORT + 4;
const GOVBR = `http://127.0.0.1:${GOVBR_PORT}`;
process.env.E2E_GOVBR_URL = GOVBR;
const GOVBR_CLIENT = { id: 'praca-e2e', secret: 'segredo-do-cliente-e2e-0123456789abcdef' };
// A fresh database and image folder per run; the demo seed loads on start.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `praca-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // A test's own budget. The CI host is shared (two workers, the server and two browsers on two
  // cores, and other jobs beside them): a 10 s flow there once took more than 30 s, three times
  // in a row. A passing test is not slowed by a larger budget; only a stuck one waits longer.
  // A long flow says `test.slow()` (three times this), never an absolute budget of its own.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: `node geocoder-stub.mjs ${STUB_PORT}`,
      url: `${STUB}/health`,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node smtp-stub.mjs ${SMTP_PORT} ${INBOX_PORT}`,
      url: `http://127.0.0.1:${INBOX_PORT}/health`,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ../apps/api/test/govbr-provider.mjs ${GOVBR_PORT} http://127.0.0.1:${PORT}/v1/govbr/retorno ${GOVBR_CLIENT.id} ${GOVBR_CLIENT.secret}`,
      url: `${GOVBR}/health`,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../apps/api/dist/src/server.js',
      url: `http://127.0.0.1:${PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        // The suite logs in many times from one address (failures too): every login limit up.
        LOGIN_RATE_MAX: '10000',
        // Issue 52: a login needs a solved challenge past 5 failures for one e-mail (login.spec.ts).
        LOGIN_DESAFIO_APOS: '5',
        LOGIN_RATE_MAX_IP: '10000',
        REGISTRO_RATE_MAX: '10000',
        // Issue 52: the demo partner's searches and sales to a person, across the suite's workers.
        BUSCA_CLIENTE_RATE_MAX: '10000',
        MAP_TILE_URL: `${STUB}/tiles/{z}/{x}/{y}.png`,
        GEOCODER_URL: `${STUB}/search`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        GOVBR_ISSUER: GOVBR,
        GOVBR_CLIENT_ID: GOVBR_CLIENT.id,
        GOVBR_CLIENT_SECRET: GOVBR_CLIENT.secret,
        GOVBR_API_URL: GOVBR,
      },
    },
  ],
});
