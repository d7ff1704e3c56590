import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per answered request ('GET /v0.3.0/claims 200 12 ms') instead of Fastify's two entries with
 * the whole request and reply; off entirely when `enabled` is false. Errors keep Fastify's own logging.
 */
export class RequestLogController extends LogController {
  constructor(enabled: boolean) {
    super({ disableRequestLogging: !enabled });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
