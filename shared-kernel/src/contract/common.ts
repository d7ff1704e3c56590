import { z } from 'zod';

/** Every 4xx/5xx body: the client rejects with `detail` (spec 2 §7). */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** 1-based paging of every list call (spec 1 §7, spec 2 §2.2). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(25),
  page_number: z.coerce.number().int().min(1).default(1),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Lists answer an array whose first item also carries total_count and page_number. */
export const pagedItem = <T extends z.ZodObject>(item: T) =>
  item.extend({ total_count: z.number().int().optional(), page_number: z.number().int().optional() });
export type Paged<T> = T & { total_count?: number; page_number?: number };

/** A few lists (hospitals) answer an object instead. */
export const pagedResults = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), total_count: z.number().int(), page_number: z.number().int() });
export interface PagedResults<T> {
  results: T[];
  total_count: number;
  page_number: number;
}

/** YYYY-MM-DD on the wire. */
export const WireDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

/** `getall` is a flag: present (any value, even empty) means the whole list. */
export const GetAllQuery = z.object({
  getall: z.string().optional(),
  org: z.string().optional(),
});

/** Query flags the spec sends as the text True/true. */
export const FlagText = z
  .union([z.boolean(), z.enum(['true', 'True', 'false', 'False', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === 'True' || v === '1');

export const AuditEntry = z.object({
  last_modified_by: z.string(),
  last_modified_on: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/**
 * POST /{master}/search: the master lists' filter (spec 2 §2.2 'Enable filter options'): a text
 * matched anywhere, and per-column texts keyed by the wire field name (name, alias, hospital_code...).
 */
export const MasterSearchBody = z.object({
  query: z.string().max(200).optional(),
  filters: z.record(z.string(), z.string().max(200)).optional(),
});
export type MasterSearchBody = z.infer<typeof MasterSearchBody>;

/** DELETE /{path}/{code}: the body may repeat the id (spec 2 §7). */
export const DeleteBody = z.object({ id: z.union([z.number().int(), z.string()]).optional() }).nullish();
