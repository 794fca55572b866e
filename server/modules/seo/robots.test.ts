/**
 * robots.txt read as crawlers read it, by two parsers this project did not write: Python's
 * urllib.robotparser (the first matching line wins) and robots-parser (the longest match wins, RFC 9309).
 * Both must close and open the same paths.
 */
import { execFileSync } from 'node:child_process';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_ORDER, SHOPS } from '../../../shared/shops.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const ORIGIN = 'https://shop.example';

const CLOSED = [
  '/api/products',
  '/api/catalog/overview?shop=pc',
  '/api/my-purchases/123',
  ...NAV_ORDER.map((key) => SHOPS[key].adminRoute),
  '/ayzadmin?product=7',
  '/account',
  '/orders',
  '/chats',
  '/chat/abc',
  '/pay/p_1',
  '/success',
  '/cancel',
];

const OPEN = [
  ...NAV_ORDER.map((key) => SHOPS[key].route),
  '/pcshop/',
  ...NAV_ORDER.map((key) => `${SHOPS[key].route}?product=12`),
  '/images/pc/12/preview/1.webp?v=1',
  '/sitemap.xml',
  '/sitemaps/shops.xml',
  '/sitemaps/pc-1.xml',
];

/** Python's reading: which of `paths` urllib.robotparser lets any crawler fetch. */
function pythonAllows(robotsTxt: string, paths: string[]): boolean[] {
  const script = [
    'import json, sys, urllib.robotparser',
    'given = json.load(sys.stdin)',
    'parser = urllib.robotparser.RobotFileParser()',
    'parser.parse(given["robots"].splitlines())',
    'print(json.dumps([parser.can_fetch("AnyBot", given["origin"] + path) for path in given["paths"]]))',
  ].join('\n');
  const input = JSON.stringify({ robots: robotsTxt, origin: ORIGIN, paths });
  return JSON.parse(execFileSync('python3', ['-c', script], { input, encoding: 'utf8' })) as boolean[];
}

describe.each(TEST_DIALECTS)('robots.txt on %s', (dialect) => {
  let t: TestApp;
  let robotsTxt: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: ORIGIN });
    const response = await t.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    robotsTxt = response.body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every Disallow before any Allow', () => {
    const rules = robotsTxt.split('\n').filter((line) => /^(Allow|Disallow):/.test(line));
    const firstAllow = rules.findIndex((line) => line.startsWith('Allow:'));
    const lastDisallow = rules.findLastIndex((line) => line.startsWith('Disallow:'));
    expect(firstAllow).toBeGreaterThan(lastDisallow);
  });

  it('closes the API, admin and buyer pages and opens the shops to a first-match reader (Python)', () => {
    expect(pythonAllows(robotsTxt, CLOSED)).toEqual(CLOSED.map(() => false));
    expect(pythonAllows(robotsTxt, OPEN)).toEqual(OPEN.map(() => true));
  });

  it('reads the same to a longest-match reader (robots-parser)', () => {
    const robots = robotsParser(`${ORIGIN}/robots.txt`, robotsTxt);
    const allowed = (path: string) => robots.isAllowed(`${ORIGIN}${path}`, 'AnyBot');
    expect(CLOSED.map(allowed)).toEqual(CLOSED.map(() => false));
    expect(OPEN.map(allowed)).toEqual(OPEN.map(() => true));
    expect(robots.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
  });
});
