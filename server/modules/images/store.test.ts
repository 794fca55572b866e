import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeAtomically } from './store.js';

describe('writing image files', () => {
  afterEach(() => vi.restoreAllMocks());

  it('flushes the file, then renames it into place, then flushes the folder', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-store-'));
    const events: string[] = [];
    const probe = await fs.open(path.join(dir, 'probe'), 'w');
    const handlePrototype = Object.getPrototypeOf(probe) as fs.FileHandle;
    await probe.close();
    const sync = handlePrototype.sync;
    vi.spyOn(handlePrototype, 'sync').mockImplementation(async function (this: fs.FileHandle) {
      events.push((await this.stat()).isDirectory() ? 'sync folder' : 'sync file');
      return sync.call(this);
    });
    const rename = fs.rename;
    vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      events.push('rename');
      return rename(from, to);
    });
    try {
      await writeAtomically(path.join(dir, '1.webp'), Buffer.from('image bytes'));
      expect(events).toEqual(['sync file', 'rename', 'sync folder']);
      expect(await fs.readFile(path.join(dir, '1.webp'), 'utf8')).toBe('image bytes');
      expect((await fs.readdir(dir)).sort()).toEqual(['1.webp', 'probe']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves no temporary file behind when the write fails', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-store-'));
    const probe = await fs.open(path.join(dir, 'probe'), 'w');
    const handlePrototype = Object.getPrototypeOf(probe) as fs.FileHandle;
    await probe.close();
    vi.spyOn(handlePrototype, 'sync').mockRejectedValue(
      Object.assign(new Error('disk full'), { code: 'ENOSPC' }),
    );
    try {
      await expect(writeAtomically(path.join(dir, '1.webp'), Buffer.from('x'))).rejects.toThrow('disk full');
      expect(await fs.readdir(dir)).toEqual(['probe']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
