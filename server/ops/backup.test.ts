/**
 * Backup and restore through the real commands, against a real running shop: the backup is taken
 * while the shop takes products, orders and chat messages; the restored data folder starts a second
 * shop that still has everything acknowledged before the backup began.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startProcess } from '../../scripts/processes.mjs';
import type { ChatMessage, SendMessageAck } from '../../shared/schemas/chat.js';
import { type ServerProcess, spawnServer, untilListening } from '../test/server-process.js';

const ADMIN_PASSWORD = 'backup-test-admin-password';
const temporary: string[] = [];
const servers: ServerProcess[] = [];

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `storefront-${name}-`));
  temporary.push(dir);
  return dir;
}

const baseEnv = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD,
  SESSION_SECRET: 'backup-test-session-secret',
  SELLER_USER_ID: 'backup-seller',
});

/** The real server (from source, as `npm run dev` runs it), listening on a free port. */
async function startShop(dataDir: string, seed: boolean): Promise<string> {
  const { DATA_DIR, ADMIN_PASSWORD, SESSION_SECRET, SELLER_USER_ID } = baseEnv(dataDir);
  const server = await spawnServer({
    DATA_DIR,
    ADMIN_PASSWORD,
    SESSION_SECRET,
    SELLER_USER_ID,
    SEED_DEMO: String(seed),
  });
  servers.push(server);
  await untilListening(server);
  return server.url;
}

const command = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/backup.ts', ...args], {
    env: baseEnv(dataDir),
    encoding: 'utf8',
  });

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

afterAll(async () => {
  // Each stopped as a process manager stops it, and awaited: the folders go once no server uses them.
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it(
    'copy a shop taking writes, and the copy starts with everything acknowledged before',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir('live');
      const base = await startShop(dataDir, true);
      const post = (url: string, body: unknown, token?: string) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const { token: adminToken } = await json<{ token: string }>(
        await post('/api/login', { password: ADMIN_PASSWORD }),
      );
      const openBox = (
        await json<{ items: { id: number; kind: string }[] }>(
          await fetch(`${base}/api/catalog?shop=ayz&pageSize=100`),
        )
      ).items.filter((item) => item.kind === 'openbox');

      const acknowledged = {
        products: [] as number[],
        orders: [] as { token: string; sub: string; id: string }[],
        messages: [] as { token: string; chatId: number; id: number }[],
      };
      let stop = false;
      let round = 0;
      /** One product, one order and one chat message per round, each noted once the shop acknowledged it. */
      const writer = (async () => {
        while (!stop) {
          round += 1;
          const sub = `backup-buyer-${round}`;
          const { token } = await json<{ token: string }>(
            await post('/api/auth/demo', { name: `Buyer ${round}`, email: `${sub}@example.com`, sub }),
          );
          const product = await json<{ id: number }>(
            await post(
              '/api/add-product?shop=smart',
              { title: `Backup gadget ${round}`, main_category: 'Backup', category: 'Test', price: '1.00' },
              adminToken,
            ),
          );
          acknowledged.products.push(product.id);
          const target = openBox[round % openBox.length]!;
          const order = await post(
            '/api/create-purchase',
            {
              google_id: sub,
              product_id: target.id,
              store: 'ayz',
              condition: 'acceptable',
              quantity: 1,
              email: `${sub}@example.com`,
              address: '1 Main Street',
              postal_code: '12345',
              city: 'Springfield',
              state_prov: 'IL',
              contact_name: 'Buyer',
              phone: '555-0100',
            },
            token,
          );
          // A condition sold out is refused with a sentence, which acknowledges nothing.
          if (order.status === 201)
            acknowledged.orders.push({
              token,
              sub,
              id: ((await order.json()) as { payment_id: string }).payment_id,
            });
          const { id: chatId } = await json<{ id: number }>(
            await post(
              '/api/chats',
              {
                buyerGoogleId: sub,
                buyer_name: `Buyer ${round}`,
                title: 'A question',
                productId: target.id,
                store: 'ayz',
              },
              token,
            ),
          );
          const socket = io(base, { auth: { token }, transports: ['websocket'] });
          const ack = (await socket.timeout(10_000).emitWithAck('sendMessage', {
            chatId,
            senderGoogleId: sub,
            content: `message ${round}`,
            images: [],
          })) as SendMessageAck;
          socket.disconnect();
          if (ack.ok) acknowledged.messages.push({ token, chatId, id: ack.message.id });
        }
      })();

      let failure: unknown;
      writer.catch((error: unknown) => (failure = error));
      while (acknowledged.messages.length < 3) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const before = structuredClone(acknowledged);
      const out = tempDir('backups');
      const backup = startProcess(
        process.execPath,
        ['--import', 'tsx', 'server/ops/backup.ts', 'backup', '--out', out],
        { env: baseEnv(dataDir) },
      );
      let stdout = '';
      backup.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const run = { status: (await backup.exited).code, stdout };
      const duringBackup = acknowledged.products.length - before.products.length;
      stop = true;
      await writer;
      expect(run.status).toBe(0);
      const folder = run.stdout.trim().split('\n').at(-1)!;
      expect(path.dirname(folder)).toBe(out);
      expect(path.basename(folder)).toMatch(/^storefront-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as {
        counts: { products: number };
      };
      expect(manifest.counts.products).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(folder, 'images'))).toBe(true);
      // The shop kept taking writes while the copy was made (else this test would prove little).
      expect(duringBackup + (acknowledged.products.length - before.products.length)).toBeGreaterThan(0);

      // Restore refuses to overwrite a shop, then does with --force; a new folder needs no force.
      const restored = tempDir('restored');
      fs.writeFileSync(path.join(restored, 'shop.db'), 'an existing shop');
      const refused = command(['restore', folder], restored);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `${restored} already holds data: stop the shop and run the restore again with --force`,
      );
      expect(fs.readFileSync(path.join(restored, 'shop.db'), 'utf8')).toBe('an existing shop');
      const forced = command(['restore', folder, '--force'], restored);
      expect(forced.stderr).toBe('');
      expect(forced.status).toBe(0);

      const copy = await startShop(restored, false);
      for (const id of before.products) {
        expect((await fetch(`${copy}/api/products/${id}?shop=smart`)).status, `product ${id}`).toBe(200);
      }
      for (const order of before.orders) {
        const mine = await json<{ payment_id: string }[]>(
          await fetch(`${copy}/api/my-purchases/${order.sub}`, {
            headers: { authorization: `Bearer ${order.token}` },
          }),
        );
        expect(mine.map((purchase) => purchase.payment_id)).toContain(order.id);
      }
      for (const message of before.messages) {
        const socket = io(copy, { auth: { token: message.token }, transports: ['websocket'] });
        const history = await new Promise<ChatMessage[]>((resolve) => {
          socket.on('chatHistory', ({ messages }) => resolve(messages));
          socket.emit('joinChat', { chatId: message.chatId });
        });
        socket.disconnect();
        expect(history.map((m) => m.id)).toContain(message.id);
      }
    },
  );

  it('say what is wrong with a missing folder or option, writing nothing', () => {
    const empty = tempDir('empty');
    const noOut = command(['backup'], empty);
    expect(noOut.status).toBe(1);
    expect(noOut.stderr).toContain('Say where to write the backup: npm run backup -- --out <folder>');
    const noShop = command(['backup', '--out', empty], path.join(empty, 'nothing'));
    expect(noShop.status).toBe(1);
    expect(noShop.stderr).toContain('There is no shop database at');
    const notBackup = command(['restore', empty], path.join(empty, 'target'));
    expect(notBackup.status).toBe(1);
    expect(notBackup.stderr).toContain('is not a backup folder: it has no manifest.json.');
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});
