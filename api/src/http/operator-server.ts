/**
 * A worker process (PROCESS_ROLE=worker) opens no api port, yet its verifications and pages read are counted in it
 * alone: METRICS_PORT gives operators that process's GET /health, GET /ready and GET /metrics, and nothing else.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import { registerErrorHandling } from './error-handler';
import { registerHealth } from './health';
import { registerMetrics } from './metrics';

export async function startOperatorServer(config: AppConfig, db: Db, port: number): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.decorate('db', db);
  server.decorate('config', config);
  registerErrorHandling(server);
  registerMetrics(server);
  registerHealth(server);
  // A worker has no request paths to warm: it is ready once its database answers.
  server.warmedUp = true;
  await server.listen({ port, host: config.host });
  return server;
}
