import { z } from 'zod';
import { LIMITS } from '../constants';

/** Every 4xx/5xx body: the client rejects with `detail` (spec 2 §7). */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The highest page any list serves: far past any real list (500 rows a page), and a bound on what a page may cost. */
export const PAGE_NUMBER_MAX = 1_000_000;
/** `page_number`: 1-based, at most PAGE_NUMBER_MAX. */
export const PageNumber = z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX, `must be at most ${PAGE_NUMBER_MAX}`);
/** `limit`: the rows of a page. */
export const PageLimit = z.coerce.number().int().min(1).max(500);

/** 1-based paging of every list call (spec 1 §7, spec 2 §2.2). */
export const PageQuery = z.object({
  limit: PageLimit.default(25),
  page_number: PageNumber.default(1),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `?org=`: the organisation a call acts on (the provider may name any; others always act on their own). */
export const OrgQuery = z.object({ org: z.string().optional() });

/** The query of the list calls: 1-based paging and the organisation. */
export const ListQuery = PageQuery.extend({ org: z.string().optional() });
export type ListQuery = z.infer<typeof ListQuery>;

/** `/{resource}/{id}` of a numbered record (rules, questions, annotations, document groups). */
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /{master}/{id}: a master by id, or by name (keyword masters, clinical attributes, test units). */
export const MasterIdParams = z.object({ id: z.string().min(1).max(200) });
/** name and org are accepted there and ignored. */
export const MasterItemQuery = z.object({ name: z.string().optional(), org: z.string().optional() });

/** Lists answer an array whose first item also carries total_count and page_number. */
const PAGE_FIELDS = { total_count: z.number().int().optional(), page_number: z.number().int().optional() };
export const pagedItem = <S extends z.ZodRawShape>(item: z.ZodObject<S>) => item.extend(PAGE_FIELDS);
/** Such a list (also the whole list of `getall`, whose rows carry no total). */
export const pagedList = <S extends z.ZodRawShape>(item: z.ZodObject<S>) => z.array(pagedItem(item));
export type Paged<T> = T & { total_count?: number; page_number?: number };

/** A few lists (hospitals) answer an object instead. */
export const pagedResults = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), total_count: z.number().int(), page_number: z.number().int() });
export interface PagedResults<T> {
  results: T[];
  total_count: number;
  page_number: number;
}

/** Simple answers: a batch or claim action (`{Message}`), a deletion or sign-out (`{detail}`). */
export const MessageResponse = z.object({ Message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
export const DetailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponse>;

/** Whether YYYY-MM-DD names a day of the calendar (2024-02-30 does not: a Date would roll it over to March 1). */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYY-MM-DD on the wire, a real day. */
export const WireDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, { error: (issue) => `'${issue.input}' is not a calendar date` });

export const SEARCH_TEXT_MAX = LIMITS.searchTextMax;
export const SearchText = z.string().max(SEARCH_TEXT_MAX, `must be at most ${SEARCH_TEXT_MAX} characters`);
/** A value chosen in a filter (a name, a code, a status): longer than any name the masters or manifests hold. */
export const FILTER_VALUE_MAX = 1_000;
export const FilterValue = z.string().max(FILTER_VALUE_MAX, `must be at most ${FILTER_VALUE_MAX} characters`);

/** `getall` is a flag: present (any value, even empty) means the whole list. */
export const GetAllQuery = z.object({
  getall: z.string().optional(),
  org: z.string().optional(),
});

/** The master lists: paged, or the whole list with `getall` (then limit and page_number are ignored). */
export const MasterListQuery = PageQuery.partial().extend(GetAllQuery.shape);

/** The number of a master's records (GET /{master}/count). */
export const CountResponse = z.number().int();

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
  query: SearchText.optional(),
  filters: z.record(z.string(), SearchText).optional(),
});
export type MasterSearchBody = z.infer<typeof MasterSearchBody>;

/** DELETE /{path}/{code}: the body may repeat the id (spec 2 §7). */
export const DeleteBody = z.object({ id: z.union([z.number().int(), z.string()]).optional() }).nullish();
