/** A claim's procedure questions and their answers (the /questions/{claimId} screen, spec 2 §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRerunRight } from '../auth/access';
import { loadVisibleClaim } from '../claims/access';
import { answerClaimQuestions, claimQuestions } from '../claims/questions';
import { endpoint } from '../http/endpoint';

const claimQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The questions a claim asks for (its procedures, its organisation), with any answers given. */
  app.get('/claims/:claimId/questions', {
    schema: endpoint('GET /claims/:claimId/questions'),
    handler: async (request) => {
      const claim = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return claimQuestions(app.db, claim);
    },
  });

  /** Answers are kept as facts for the rules and the claim is verified again with them. */
  app.post('/claims/:claimId/questions', {
    schema: endpoint('POST /claims/:claimId/questions'),
    // The same right as PUT /claims/{id}: answering re-queues the verification (insurer reviewers only read).
    config: { access: requireRerunRight },
    handler: async (request) => {
      const claim = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      await answerClaimQuestions(app.db, request.auth, claim, request.body.answers, request.id);
      return { id: claim.id, Message: 'Successfully Done' };
    },
  });
};

export default claimQuestionRoutes;
