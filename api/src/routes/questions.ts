/**
 * Procedure protocol questions, path ppq (spec 2 §2.11, §7), per organisation. Creating, editing and
 * deleting is for the named analysts of the configuration (QUESTION_EDITORS), in their own organisation (the
 * provider's in any, for overrides; another organisation asked for is refused, as for rules). A claim's own questions
 * and answers (the /questions/{claimId} screen) are in claim-questions.ts; what these do is in src/questions/protocol.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOT_AUTHORIZED, scopeOrg, writableOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { forbidden } from '../http/errors';
import { endpoint } from '../http/endpoint';
import {
  createQuestions,
  deleteQuestion,
  listQuestions,
  questionsOfProcedure,
  searchQuestions,
  updateQuestion,
} from '../questions/protocol';

const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const isEditor = (auth: AuthContext) => app.config.questionEditors.includes(auth.username);
  function requireEditor(auth: AuthContext): void {
    if (!isEditor(auth)) throw forbidden(`${NOT_AUTHORIZED}: questions are created, edited and deleted by the named question editors only`);
  }

  app.get('/ppq', {
    schema: endpoint('GET /ppq'),
    handler: async (request) => listQuestions(app.db, await scopeOrg(app.db, request.auth, request.query.org), request.query),
  });

  app.post('/ppq/search', {
    schema: endpoint('POST /ppq/search'),
    handler: async (request) =>
      searchQuestions(app.db, await scopeOrg(app.db, request.auth, request.query.org), request.body, request.query),
  });

  /** Whether the caller may create, edit and delete questions (the screens show those controls to editors only). */
  app.get('/ppq/editors/me', {
    schema: endpoint('GET /ppq/editors/me'),
    handler: async (request) => ({ canEdit: isEditor(request.auth) }),
  });

  /** The questions of one procedure, for the editor (spec 2 §7 'GET /ppq/{procedureId}?org='). */
  app.get('/ppq/:id', {
    schema: endpoint('GET /ppq/:id'),
    handler: async (request) => questionsOfProcedure(app.db, await scopeOrg(app.db, request.auth, request.query.org), request.params.id),
  });

  /** One question per chosen procedure; several questions (the form's queue) are saved together or not at all. */
  app.post('/ppq', {
    schema: endpoint('POST /ppq'),
    config: { access: requireEditor },
    handler: async (request, reply) => {
      const org = await writableOrg(app.db, request.auth, request.query.org, 'questions');
      return reply.code(201).send(await createQuestions(app.db, request.auth, org, request.body));
    },
  });

  /** The first procedure replaces the question's own; further ones get a copy each. */
  app.put('/ppq/:id', {
    schema: endpoint('PUT /ppq/:id'),
    config: { access: requireEditor },
    handler: async (request) => {
      const org = await writableOrg(app.db, request.auth, request.query.org, 'questions');
      return updateQuestion(app.db, request.auth, org, request.params.id, request.body);
    },
  });

  app.delete('/ppq/:id', {
    schema: endpoint('DELETE /ppq/:id'),
    config: { access: requireEditor },
    handler: async (request) => {
      const org = await writableOrg(app.db, request.auth, request.query.org, 'questions');
      await deleteQuestion(app.db, request.auth, org, request.params.id);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default questionRoutes;
