/**
 * The audit log of masters, rules, questions, claims and batches (spec 2 §2.9's history, made real): one record's
 * entries for the history dialog, and a period's entries of every kind (or of one) as .xlsx. The provider's
 * organisation only: master data is the provider's, and the log names its analysts. Entries are written by the
 * routes that change the records (src/audit/log.ts, src/audit/operations.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA } from '@claims/shared-kernel/contract';
import { requireProvider } from '../auth/access';
import { exportPeriod, exportWorkbook, recordHistory } from '../audit/history';
import { perUserLimit } from '../http/rate-limits';
import { endpoint } from '../http/endpoint';
import { attachmentDisposition } from '../http/replies';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/audit/export', {
    schema: endpoint('GET /audit/export', {
      description: `The entries of a period (from and to are days of the display zone, both included, at most a year), one row per changed field.`,
    }),
    config: { access: requireProvider, rateLimit: perUserLimit() },
    handler: async (request, reply) => {
      const { from, to, entity } = request.query;
      const workbook = await exportWorkbook(app.db, exportPeriod(from, to, zone), entity, zone);
      const name = `audit_log_${entity ? `${entity}_` : ''}${from}_${to}.xlsx`;
      return reply.type(MEDIA.xlsx).header('Content-Disposition', attachmentDisposition(name)).send(workbook);
    },
  });

  app.get('/audit/:entity/:key', {
    schema: endpoint('GET /audit/:entity/:key', { description: 'The entries of one record (key: its id), newest first.' }),
    config: { access: requireProvider },
    handler: async (request) => recordHistory(app.db, request.params.entity, request.params.key, request.query),
  });
};

export default auditRoutes;
