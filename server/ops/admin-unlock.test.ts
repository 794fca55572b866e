import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_DIALECTS, type TestApp } from '../test/harness.js';
import { unlockAdmin } from './admin-unlock.js';

describe.each(TEST_DIALECTS)('npm run admin:unlock on %s', (dialect) => {
  let t: TestApp;
  const login = (password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { password }, remoteAddress });
  const lockOut = async (address: string) => {
    for (let i = 0; i < 5; i += 1) await login('wrong', address);
    expect((await login(TEST_ADMIN_PASSWORD, address)).statusCode).toBe(429);
  };
  /** The environment the server of this test runs with, as an operator would give it to the script. */
  const env = () => ({
    DATA_DIR: t.dataDir,
    ...(t.schema ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  });

  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('lets every locked-out address log in again, and says how many failures it cleared', async () => {
    await lockOut('10.1.0.1');
    await lockOut('10.1.0.2');
    expect(await unlockAdmin(env(), t.schema)).toBe(
      'Cleared 10 failed admin logins: the admin login is open again from every address.',
    );
    expect((await login(TEST_ADMIN_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
    expect((await login(TEST_ADMIN_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    expect(await unlockAdmin(env(), t.schema)).toBe('No admin login was locked: nothing to clear.');
  });

  it.runIf(dialect === 'sqlite')('works as a command on a running shop’s data folder', async () => {
    await lockOut('10.1.0.3');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/admin-unlock.ts'], {
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(
      'Cleared 5 failed admin logins: the admin login is open again from every address.',
    );
    expect(run.status).toBe(0);
    expect((await login(TEST_ADMIN_PASSWORD, '10.1.0.3')).statusCode).toBe(200);
  });

  it.runIf(dialect === 'sqlite')('refuses a data folder with no shop in it, without creating one', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/admin-unlock.ts'], {
      env: { ...process.env, DATA_DIR: `${t.dataDir}/nowhere`, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`There is no shop database at ${t.dataDir}/nowhere/shop.db`);
  });
});
