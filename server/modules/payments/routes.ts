import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentIdParamsSchema,
  sandboxOrderSchema,
  sandboxPayBodySchema,
} from '../../../shared/schemas/buying.js';
import type { Config } from '../../config.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { notFound } from '../../http/errors.js';
import { documentResponses, errorResponses, tagRoutes } from '../../http/openapi.js';
import { currentBuyer, requireBuyer } from '../buyers/index.js';
import { REGISTERED_PROVIDERS } from '../payment-providers/index.js';
import * as payments from './service.js';

/**
 * Each provider's callback route (payments/README.md). No buyer or admin token: the provider proves itself by
 * signing the body, checked before anything else is read. A route is live whenever its provider's
 * secret is set, not only while it is PAYMENT_PROVIDER: orders it invoiced are still settled after a switch.
 */
/** What the status path reads of the configuration. */
const paymentSettings = (config: Config): payments.PaymentSettings => ({
  tolerancePercent: config.PAYMENT_UNDERPAID_TOLERANCE_PERCENT,
  holdMinutes: config.ORDER_HOLD_MINUTES,
});

const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const settings = paymentSettings(config);
  // The bytes exactly as sent: a signature is over them (the JSON is read after it checks out).
  // Only JSON is taken (anything else answers 415), as the bytes exactly as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  for (const provider of REGISTERED_PROVIDERS) {
    if (!provider.callback) continue;
    const { path, summary, operationId, body, signatureHeader, errors = [] } = provider.callback;
    const reader = provider.callback.reader(config);
    const schema = {
      summary,
      operationId,
      consumes: ['application/json'],
      documentedBody: body,
      documentedHeaders: z.object({
        [signatureHeader]: z
          .string()
          .describe(`${provider.label}'s signature over the body exactly as sent.`),
      }),
      response: { 200: okSchema, ...errorResponses(401, 404, 409, ...errors) },
    };
    app.post(path, { schema }, async (request) => {
      if (typeof reader === 'string') throw notFound(reader);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await payments.receiveCallback(
        db,
        provider,
        reader,
        { headers: request.headers, rawBody },
        request.log,
        settings,
      );
      return { ok: true as const };
    });
  }
};

/** The sandbox payment page's calls (docs/architecture.md §7): the signed-in buyer's own orders only. */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, paymentProvider, config } = app.deps;
  const active = paymentProvider.name === 'sandbox';
  // First, so a shop taking real payments answers the same to everyone, signed in or not.
  app.addHook('onRequest', async () => {
    if (!active) throw notFound('The sandbox payment page is off: this shop takes real payments.');
  });
  documentResponses(app, errorResponses(404));
  requireBuyer(app);

  app.get(
    '/api/payments/sandbox/:payment_id',
    {
      schema: {
        summary: 'An order (or a group) as the sandbox payment page shows it',
        operationId: 'getSandboxPayment',
        params: paymentIdParamsSchema,
        response: { 200: sandboxOrderSchema, ...errorResponses(403) },
      },
    },
    async (request) => payments.getSandboxOrder(db, currentBuyer(request), request.params.payment_id),
  );

  app.post(
    '/api/payments/sandbox/:payment_id/pay',
    {
      schema: {
        summary: 'Pays an order on the sandbox page (in full, or the amount given)',
        operationId: 'paySandboxPayment',
        params: paymentIdParamsSchema,
        body: sandboxPayBodySchema,
        response: { 200: sandboxOrderSchema, ...errorResponses(403, 409) },
      },
    },
    async (request) =>
      payments.paySandboxOrder(
        db,
        currentBuyer(request),
        request.params.payment_id,
        request.body,
        paymentSettings(config),
      ),
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'payments');
  await app.register(callbackRoutes);
  await app.register(sandboxRoutes);
};
