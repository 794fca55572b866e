/** The admin outbox calls against a stubbed fetch and a bare QueryClient (no DOM, no React). */
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OutboxMail, OutboxQuery, OutboxResponse } from '../../../shared/schemas/mail.js';
import { outboxQueryOptions } from './outbox.js';
import { stubFetch } from './fetchStub.js';
import { adminKeys } from './queryKeys.js';
import { resendMailOptions } from './resendMail.js';

const mail = (id: number, overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id,
  kind: 'order_paid',
  audience: 'buyer',
  recipient: 'b@example.com',
  subject: `E-mail ${id}`,
  status: 'sent',
  created_at: '2026-03-01T10:00:00.000Z',
  sent_at: '2026-03-01T10:00:01.000Z',
  attempts: 0,
  last_error: null,
  next_attempt_at: null,
  ...overrides,
});

const query: OutboxQuery = { page: 2, pageSize: 50, status: 'failing' };
const { calls, answer } = stubFetch();

describe('the outbox list', () => {
  it('asks for one page with its filter', async () => {
    const page: OutboxResponse = { items: [mail(1)], total: 51, page: 2, pageSize: 50 };
    answer(200, page);
    const client = new QueryClient();
    expect(await client.fetchQuery(outboxQueryOptions(query))).toEqual(page);
    expect(calls[0]?.url).toBe('/api/admin/outbox?page=2&pageSize=50&status=failing');
  });

  it('asks again every few seconds only while an e-mail on the page waits', () => {
    const interval = outboxQueryOptions(query).refetchInterval;
    if (typeof interval !== 'function') throw new Error('expected a function');
    const withItems = (items: OutboxMail[]) =>
      ({ state: { data: { items, total: items.length, page: 1, pageSize: 50 } } }) as unknown as Parameters<
        typeof interval
      >[0];
    expect(interval(withItems([mail(1)]))).toBe(false);
    expect(interval(withItems([mail(1), mail(2, { status: 'failing' })]))).toBe(5000);
  });
});

describe('Resend', () => {
  it('posts to the e-mail’s resend call and shows the answer in the cached page', async () => {
    const waiting = mail(2, {
      status: 'waiting',
      sent_at: null,
      next_attempt_at: '2026-03-02T00:00:00.000Z',
    });
    answer(200, waiting);
    const client = new QueryClient();
    client.setQueryData<OutboxResponse>(adminKeys.outboxPage(query), {
      items: [mail(1), mail(2)],
      total: 2,
      page: 1,
      pageSize: 50,
    });
    await new MutationObserver(client, resendMailOptions(client)).mutate(2);
    expect(calls[0]).toMatchObject({ url: '/api/admin/outbox/2/resend', init: { method: 'POST' } });
    expect(client.getQueryData<OutboxResponse>(adminKeys.outboxPage(query))?.items).toEqual([
      mail(1),
      waiting,
    ]);
  });

  it('carries the server’s sentence when it refuses', async () => {
    answer(404, { error: 'There is no e-mail 9 in the outbox.' });
    const client = new QueryClient();
    const run = new MutationObserver(client, resendMailOptions(client)).mutate(9);
    await expect(run).rejects.toThrow('There is no e-mail 9 in the outbox.');
    expect(console.error).toHaveBeenCalled();
  });
});
