/**
 * Annotation (spec 1 §2 'Annotation', §3, §7): the flat annotation record, its list and report, the
 * annotation users and the error categories (a claim's error flags are in claim-annotations.ts).
 * Provider's organisation only, refused before anything is looked up; writing is for the configured
 * annotation users. The work is in src/claims/annotations.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA } from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED, requireProvider } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { annotationReport, createAnnotation, listAnnotations, readAnnotation, updateAnnotation } from '../claims/annotations';
import { errorCategories } from '../db/schema';
import { forbidden } from '../http/errors';
import { perUserLimit } from '../http/rate-limits';
import { endpoint } from '../http/endpoint';
import { attachmentDisposition } from '../http/replies';
import { formatIn } from '../http/time';

const annotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;
  const isAnnotator = (auth: AuthContext) => isProvider(auth) && app.config.annotationUsers.includes(auth.username);

  function requireAnnotator(auth: AuthContext): void {
    requireProvider(auth);
    if (!isAnnotator(auth)) throw forbidden(`${NOT_AUTHORIZED}: only annotation users annotate`);
  }

  /** Only those who annotate learn who the annotators are (the claims list asks to switch annotation mode on). */
  app.get('/annotation/getUsers', {
    schema: endpoint('GET /annotation/getUsers'),
    config: {
      access: (auth) => {
        if (!isAnnotator(auth)) throw forbidden(`${NOT_AUTHORIZED}: only annotation users may see who annotates`);
      },
    },
    handler: async () => app.config.annotationUsers,
  });

  app.get('/annotationErrorCategory', {
    schema: endpoint('GET /annotationErrorCategory'),
    config: { access: requireProvider },
    handler: async () =>
      (await app.db.select().from(errorCategories).orderBy(errorCategories.id)).map((c) => ({
        id: c.id,
        category: c.category,
        colour: c.colour,
        iconText: c.iconText,
      })),
  });

  app.get('/annotation', {
    schema: endpoint('GET /annotation'),
    config: { access: requireProvider },
    handler: async (request) => listAnnotations(app.db, request.query),
  });

  app.get('/annotation/generateReport', {
    schema: endpoint('GET /annotation/generateReport'),
    config: { access: requireProvider, rateLimit: perUserLimit() },
    handler: async (_request, reply) => {
      const workbook = await annotationReport(app.db, zone);
      return reply
        .type(MEDIA.xlsx)
        .header('Content-Disposition', attachmentDisposition(`Annotate_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.xlsx`))
        .send(workbook);
    },
  });

  app.get('/annotation/:id', {
    schema: endpoint('GET /annotation/:id'),
    config: { access: requireProvider },
    handler: async (request) => readAnnotation(app.db, request.params.id),
  });

  app.post('/annotation', {
    schema: endpoint('POST /annotation'),
    config: { access: requireAnnotator },
    handler: async (request, reply) => reply.code(201).send(await createAnnotation(app.db, request.auth, request.body)),
  });

  /** Edits replace the record's fields and entity slots (renumbered from 1 by the screen). */
  app.put('/annotation/:id', {
    schema: endpoint('PUT /annotation/:id'),
    config: { access: requireAnnotator },
    handler: async (request) => updateAnnotation(app.db, request.auth, request.params.id, request.body),
  });
};

export default annotationRoutes;
