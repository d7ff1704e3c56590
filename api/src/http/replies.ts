/**
 * What a route answers, declared in its `schema.response`: the success bodies (schemas of the kernel's
 * contract), and `{detail}` (ErrorBody) for every 4xx and 5xx. fastify-type-provider-zod serializes each
 * answer through its schema, so an answer that drifts from the contract is refused (500, logged as
 * 'response does not match its schema') instead of sent, and fields the contract does not declare are
 * dropped. The same schemas describe the api in its OpenAPI document (src/http/openapi.ts).
 */
import type { z } from 'zod';
import { ErrorBody, type FileContent } from '@claims/shared-kernel/contract';

const errorReplies = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/** The success schemas by status code (200, 201), with `{detail}` for errors. */
export const replies = <T extends Record<number, z.ZodType | FileContent>>(success: T): T & typeof errorReplies => ({
  ...success,
  ...errorReplies,
});

/**
 * The Content-Disposition of every download (RFC 6266 with RFC 5987's extended value): an ASCII fallback
 * for old clients and the exact UTF-8 name, so names in Hindi or with emoji are sent, never a header error.
 */
export function attachmentDisposition(fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = fileName.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  const fallback = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
