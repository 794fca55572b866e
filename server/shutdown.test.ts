/**
 * SIGTERM on the real server process: it stops taking connections, finishes the request in flight,
 * and exits 0 well within its 10 s limit.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer, untilListening } from './test/server-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-shutdown-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  // Stopped already when the test passed; killed here when it failed before the signal.
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process on SIGTERM', () => {
  it(
    'finishes the request in flight, refuses new ones and exits 0 within 10 s',
    { timeout: 60_000 },
    async () => {
      server = await spawnServer({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'shutdown-test-password',
        SESSION_SECRET: 'shutdown-test-secret',
      });
      const { child, port, exited } = server;
      await untilListening(server);

      // A login whose body arrives in two parts: the signal comes between them.
      const body = JSON.stringify({ password: 'not the password' });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/login',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(10)), 700);
        }, 300);
      });
      const signalledAt = Date.now() + 300;

      const { status, text } = await answer;
      expect(status).toBe(401);
      expect(JSON.parse(text)).toEqual({ error: 'Wrong password.' });
      // After the signal the port takes no new connection.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const late = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(late).toBe('refused');
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(10_000);
    },
  );
});
