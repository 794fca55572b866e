import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import {
  activityFiltersSchema,
  activityQuerySchema,
  activityResponseSchema,
} from '../../../shared/schemas/activity.js';
import { binary, errorResponses, tagRoutes } from '../../http/openapi.js';
import { activityCsv, listActivity } from './service.js';

export interface ActivityRoutesOptions {
  /**
   * The admin hook (admin-auth's requireAdmin), handed in by app.ts: this module imports no other,
   * since admin-auth writes its sign-ins here.
   */
  requireAdmin: (scope: FastifyInstance) => void;
}

/** The admin's activity log (issue 28): the list and its CSV, with the same filters. */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (app, options) => {
  options.requireAdmin(app);
  tagRoutes(app, 'activity');
  const { db } = app.deps;

  app.get(
    '/api/admin/activity',
    {
      schema: {
        summary: 'The activity log: one page, newest first, filtered by target, action and days',
        operationId: 'listActivity',
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => listActivity(db, request.query),
  );

  app.get(
    '/api/admin/activity.csv',
    {
      schema: {
        summary: 'The activity log as a CSV file, with the same filters',
        operationId: 'exportActivity',
        querystring: activityFiltersSchema,
        response: {
          200: {
            description: 'The CSV file (UTF-8): at,actor,action,target,before,after; newest first.',
            content: { 'text/csv': { schema: binary<Readable>('text/csv', 'CSV text, streamed.') } },
          },
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="activity-${date}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(activityCsv(db, request.query));
    },
  );
};
