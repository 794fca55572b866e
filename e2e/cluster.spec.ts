/**
 * `npm run cluster` for real: nginx in front of two app processes sharing a fresh PostgreSQL database
 * and Redis. Browsing through nginx, an admin edit made in one process seen in the other, a purchase,
 * a chat whose two sides sit on different processes; then one process is killed with SIGKILL in the
 * middle of a load of purchases: every acknowledged order is in the database, no unit of stock is lost
 * or oversold, and nginx keeps serving from the other process; npm run cluster starts the killed process
 * again, saying so in its log.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { io } from 'socket.io-client';
import { type StartedProcess, startProcess } from '../scripts/processes.mjs';
import type { ChatMessage, SendMessageAck } from '../shared/schemas/chat.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.E2E_PORT ?? 3100) + 700;
const APP_PORTS = [PORT + 1, PORT + 2] as const;
const ADMIN_PASSWORD = 'cluster-admin-password';
const SELLER = 'cluster-seller';
const nginx = `http://127.0.0.1:${PORT}`;
const app = (index: 0 | 1) => `http://127.0.0.1:${APP_PORTS[index]}`;

const database = `cluster_e2e_${Date.now().toString(36)}`;
const databaseUrl = (() => {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
})();
/** npm run cluster's process, the leader of a process group: its apps and nginx go with it. */
let cluster: StartedProcess | undefined;
/** What npm run cluster itself printed (its [cluster] lines; the apps log to stderr). */
let clusterOutput = '';
let dataDir = '';

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function call<T>(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function buyerToken(base: string, sub: string): Promise<string> {
  const { status, body } = await call<{ token: string }>(base, 'POST', '/api/auth/demo', {
    name: `Buyer ${sub}`,
    email: `${sub}@example.com`,
    sub,
  });
  expect(status).toBe(200);
  return body.token;
}

const shipping = (sub: string) => ({
  email: `${sub}@example.com`,
  address: '1 Main Street',
  postal_code: '12345',
  city: 'Springfield',
  state_prov: 'IL',
  contact_name: 'Cluster Buyer',
  phone: '555-0100',
});

/** The pid listening on a port (ss from iproute2). */
function pidOnPort(port: number): number {
  const out = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`nothing listens on ${port}: ${out}`);
  return Number(pid);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const postgres = await reachable(Number(new URL(DATABASE_URL).port || 5432));
  const redis = await reachable(Number(new URL(REDIS_URL).port || 6379));
  test.skip(!postgres || !redis, 'npm run cluster needs PostgreSQL and Redis running');
  await admin(`create database ${database}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cluster-'));
  cluster = startProcess(process.execPath, ['scripts/cluster.mjs'], {
    group: true,
    env: {
      ...process.env,
      PORT: String(PORT),
      APP_PORTS: APP_PORTS.join(','),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      SESSION_SECRET: 'cluster-session-secret-cluster-session-secret',
      SELLER_USER_ID: SELLER,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<void>((resolve, reject) => {
    cluster!.child.stdout!.on('data', (chunk: Buffer) => {
      clusterOutput += chunk.toString();
      if (clusterOutput.includes('[cluster] nginx on')) resolve();
    });
    cluster!.child.once('exit', (code) =>
      reject(new Error(`npm run cluster ended (${code}): ${clusterOutput}`)),
    );
  });
  await started;
});

test.afterAll(async () => {
  // SIGTERM, as a process manager stops it (it stops its apps and nginx); then whatever is left of its group.
  await cluster?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
});

test('a shop page renders through nginx', async ({ page }) => {
  await page.goto(`${nginx}/pcshop`);
  await expect(page.getByTestId('category-row').first()).toBeVisible({ timeout: 20_000 });
});

test('an admin edit through one process shows in the other at once', async () => {
  const { body: login } = await call<{ token: string }>(app(0), 'POST', '/api/login', {
    password: ADMIN_PASSWORD,
  });
  const fields = { main_category: 'Cluster', category: 'Edits', price: '12.00' };
  const added = await call<{ id: number }>(
    app(0),
    'POST',
    '/api/add-product?shop=smart',
    { title: 'Before', ...fields },
    login.token,
  );
  expect(added.status).toBe(201);
  // The other process has already answered for this product (and may have cached the answer).
  const loaded = await call<{ title: string; updated_at: string }>(
    app(1),
    'GET',
    `/api/products/${added.body.id}?shop=smart`,
  );
  expect(loaded.body.title).toBe('Before');
  const edited = await call(
    app(0),
    'PUT',
    `/api/edit-product/smart/${added.body.id}`,
    { title: 'After', ...fields, updated_at: loaded.body.updated_at },
    login.token,
  );
  expect(edited.status).toBe(200);
  expect(
    (await call<{ title: string }>(app(1), 'GET', `/api/products/${added.body.id}?shop=smart`)).body.title,
  ).toBe('After');
});

test('a purchase through nginx, paid in the sandbox', async () => {
  const sub = 'cluster-buyer-1';
  const token = await buyerToken(nginx, sub);
  const [product] = await query<{ product_id: number }>(
    `select product_id from product_conditions where shop = 'ayz' and condition = 'acceptable' and available_quantity > 0 and price_cents > 0 order by product_id limit 1`,
  );
  const bought = await call<{ payment_id: string }>(
    nginx,
    'POST',
    '/api/create-purchase',
    {
      google_id: sub,
      product_id: product!.product_id,
      store: 'ayz',
      condition: 'acceptable',
      quantity: 1,
      ...shipping(sub),
    },
    token,
  );
  expect(bought.status).toBe(201);
  const paid = await call<{ payment_status: string }>(
    nginx,
    'POST',
    `/api/payments/sandbox/${bought.body.payment_id}/pay`,
    {},
    token,
  );
  expect(paid.status).toBe(200);
  expect(paid.body.payment_status).toBe('finished');
});

test('a buyer on one process and the seller on the other chat live', async () => {
  const sub = 'cluster-chatter';
  const buyer = await buyerToken(app(0), sub);
  const seller = await buyerToken(app(1), SELLER);
  const [product] = await query<{ id: number }>(
    `select id from products where shop = 'ayz' order by id limit 1`,
  );
  const chat = await call<{ id: number }>(
    app(0),
    'POST',
    '/api/chats',
    {
      productId: product!.id,
      title: 'Question',
      buyer_name: 'Cluster Chatter',
      store: 'ayz',
      buyerGoogleId: sub,
    },
    buyer,
  );
  expect(chat.status).toBe(200);
  const sellerSocket = io(app(1), { auth: { token: seller }, transports: ['websocket'] });
  const buyerSocket = io(app(0), { auth: { token: buyer }, transports: ['websocket'] });
  try {
    await Promise.all(
      [sellerSocket, buyerSocket].map(
        (socket) => new Promise((resolve) => socket.once('connect', () => resolve(undefined))),
      ),
    );
    const received = new Promise<ChatMessage>((resolve) => sellerSocket.on('newMessage', resolve));
    const ack = (await buyerSocket.timeout(10_000).emitWithAck('sendMessage', {
      chatId: chat.body.id,
      senderGoogleId: sub,
      content: 'Across processes?',
      images: [],
    })) as SendMessageAck;
    expect(ack.ok).toBe(true);
    const message = await received;
    expect(message.content).toBe('Across processes?');
    expect(message.chat_id).toBe(chat.body.id);
  } finally {
    sellerSocket.disconnect();
    buyerSocket.disconnect();
  }
});

test('SIGKILL of one process under a load of purchases loses no order and no stock', async () => {
  test.setTimeout(120_000);
  const { body: login } = await call<{ token: string }>(app(1), 'POST', '/api/login', {
    password: ADMIN_PASSWORD,
  });
  const STOCK = 25;
  const added = await call<{ id: number }>(
    app(1),
    'POST',
    '/api/add-product?shop=ayz',
    {
      title: 'Contested camera',
      main_category: 'Cluster',
      category: 'Load',
      acceptable_condition_price: '10.00',
      acceptable_condition_available_quantity: STOCK,
    },
    login.token,
  );
  expect(added.status).toBe(201);
  const productId = added.body.id;
  const buyers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      buyerToken(nginx, `load-${i}`).then((token) => ({ token, sub: `load-${i}` })),
    ),
  );

  const attempts = buyers.map(async ({ token, sub }, index) => {
    // Spread over about a second, so the kill lands among them.
    await new Promise((resolve) => setTimeout(resolve, index * 25));
    try {
      return await call<{ payment_id: string }>(
        nginx,
        'POST',
        '/api/create-purchase',
        {
          google_id: sub,
          product_id: productId,
          store: 'ayz',
          condition: 'acceptable',
          quantity: 1,
          ...shipping(sub),
        },
        token,
      );
    } catch {
      return { status: 0, body: { payment_id: '' } };
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  process.kill(pidOnPort(APP_PORTS[0]), 'SIGKILL');
  const answers = await Promise.all(attempts);

  const acknowledged = answers
    .filter((answer) => answer.status === 201)
    .map((answer) => answer.body.payment_id);
  expect(acknowledged.length).toBeGreaterThan(0);
  // Only a sold-out condition, or a request cut off with the killed process, may fail.
  for (const answer of answers) expect([201, 409, 502, 0]).toContain(answer.status);

  const orders = await query<{ payment_id: string; quantity: number }>(
    `select payment_id, quantity from orders where shop = 'ayz' and product_id = $1 and stock_reserved = 1`,
    [productId],
  );
  const stored = new Set(orders.map((order) => order.payment_id));
  for (const paymentId of acknowledged) expect(stored.has(paymentId), paymentId).toBe(true);
  const [{ available_quantity: left } = { available_quantity: -1 }] = await query<{
    available_quantity: number;
  }>(
    `select available_quantity from product_conditions where shop = 'ayz' and product_id = $1 and condition = 'acceptable'`,
    [productId],
  );
  const held = orders.reduce((sum, order) => sum + Number(order.quantity), 0);
  expect(left).toBeGreaterThanOrEqual(0);
  expect(held + Number(left)).toBe(STOCK);

  // nginx goes on serving from the other process.
  for (let i = 0; i < 10; i += 1) {
    expect((await call(nginx, 'GET', '/api/health')).status).toBe(200);
  }
  expect((await call(nginx, 'GET', `/api/products/${productId}?shop=ayz`)).status).toBe(200);
});

test('npm run cluster starts an app process that exits again, with a line in its log', async () => {
  test.setTimeout(90_000);
  // The process killed above is back, after its 1 s back-off, under a new pid.
  expect(clusterOutput).toContain(`app 1 (port ${APP_PORTS[0]}) exited (SIGKILL); restart 1 in 1 s`);
  await expect
    .poll(async () => (await call(app(0), 'GET', '/api/health').catch(() => ({ status: 0 }))).status, {
      timeout: 45_000,
    })
    .toBe(200);

  const before = pidOnPort(APP_PORTS[1]);
  process.kill(before, 'SIGKILL');
  await expect
    .poll(() => clusterOutput, { timeout: 10_000 })
    .toContain(`app 2 (port ${APP_PORTS[1]}) exited (SIGKILL); restart 1 in 1 s`);
  await expect
    .poll(async () => (await call(app(1), 'GET', '/api/health').catch(() => ({ status: 0 }))).status, {
      timeout: 45_000,
    })
    .toBe(200);
  expect(pidOnPort(APP_PORTS[1])).not.toBe(before);
  // Through nginx, both processes serve again.
  expect((await call(nginx, 'GET', '/api/health')).status).toBe(200);
});
