/** Stopping a claim's verification (queued or running): super users only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperUser } from '../auth/access';
import { loadVisibleClaim } from '../claims/access';
import { conflict } from '../http/errors';
import { endpoint } from '../http/endpoint';
import { cancelVerification } from '../jobs';

const claimVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/claims/:claimId/verification/cancel', {
    schema: endpoint('POST /claims/:claimId/verification/cancel'),
    config: { access: requireSuperUser },
    handler: async (request) => {
      const claim = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      const outcome = await cancelVerification(app.db, claim.id, request.auth.username);
      if (!outcome.cancelled) throw conflict(`Claim ${claim.id} has no verification queued or running`);
      return { Message: outcome.reason };
    },
  });
};

export default claimVerificationRoutes;
