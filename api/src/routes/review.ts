/**
 * Review work (issue 23 §1-§3, docs/review-work.md): each reviewer's queue, assignment by the provider's super users,
 * and the due times per insurer and case type. The work is in src/review.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProvider, requireSuperUser } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { endpoint } from '../http/endpoint';
import { assignClaims } from '../review/assignment';
import { reviewQueue } from '../review/queue';
import { reviewSettings, saveReviewSettings } from '../review/settings';

const providerSuperUser = (auth: AuthContext) => {
  requireProvider(auth);
  requireSuperUser(auth);
};

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;
  const policy = app.config.review;

  app.get('/review/queue', {
    schema: endpoint('GET /review/queue', {
      description:
        "My queue: the signed-in reviewer's open reviews by due time, with the counts of open, due today (the display zone's " +
        "day) and overdue. A provider super user may name another reviewer, and also gets every reviewer's load and the " +
        'open reviews nobody holds.',
    }),
    handler: async (request) => reviewQueue(app.db, request.auth, request.query.reviewer, new Date(), zone),
  });

  app.post('/review/assign', {
    schema: endpoint('POST /review/assign', {
      description:
        'Assigns claims to a reviewer of the organisation that reviews them (provider super users). All or nothing; each move is in the audit log.',
    }),
    config: { access: providerSuperUser },
    handler: async (request) => assignClaims(app.db, request.body, request.auth.username),
  });

  app.get('/review/settings', {
    schema: endpoint('GET /review/settings', {
      description: "The reviews' due times per insurer and case type, and the configured sampling and open-claim limit (provider users).",
    }),
    config: { access: requireProvider },
    handler: async () => reviewSettings(app.db, policy),
  });

  app.put('/review/settings', {
    schema: endpoint('PUT /review/settings', {
      description:
        'Replaces the due times (provider super users). The default of each case type is required; claims already due keep their due time.',
    }),
    config: { access: providerSuperUser },
    handler: async (request) => saveReviewSettings(app.db, request.body, request.auth.username, new Date(), policy),
  });
};

export default reviewRoutes;
