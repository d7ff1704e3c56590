/**
 * 'Try it before saving' (POST /clinicalAttribute/try): what the adjudicator would read for a clinical attribute
 * as the editor holds it, on pasted text or on a claim whose documents were read, with nothing saved.
 *
 * The value is the adjudicator's own: the same preparation (prepareClaim: layout, phrase index, document
 * segregation, facts), the same scope a rule's comparison leaf without lists of its own gets (leafScope) and the
 * same selection (attributeValue: pattern overrides, document precedence). Around it this module only explains:
 * every value the reader found, which of them document precedence let count, and why nothing was found.
 */
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ClinicalAttributeDraft,
  ClinicalAttributeTryBody,
  ClinicalAttributeTryResult,
  TryCandidate,
  TryPlace,
} from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import { loadVisibleClaim } from '../claims/access';
import type { DbOrTx } from '../db';
import { clinicalUnits, hospitals, procedures } from '../db/schema';
import { badRequest } from '../http/errors';
import { loadFacts, loadMasterData, loadReadDocuments, loadRules, verificationClaim } from '../jobs/verification-input';
import { type ClaimContext, prepareClaim } from '../verification/context';
import { pageFilter } from '../verification/entities';
import { attributeValue, leafScope, type RuleScope } from '../verification/evaluate';
import { foldOf } from '../verification/match';
import { applicableOverride, documentRank } from '../verification/overrides';
import { compilePattern } from '../verification/patterns';
import type { ClinicalAttributeMaster, ReadDocument, ReadPage, RuleDefinition, VerificationInput, Word } from '../verification/types';
import { displayValue, type ValueCandidate } from '../verification/values';

type TryBody = z.output<typeof ClinicalAttributeTryBody>;
type Draft = z.output<typeof ClinicalAttributeDraft>;

export const PASTED_TEXT = 'Pasted text';

/**
 * Pasted text laid out as a page of a text PDF would be: a monospace grid (A4, 6 points a character, 14 a line),
 * so the gaps between columns stay and tables read as tables. Tabs go to the next multiple of 8 columns; a form
 * feed (as pdftotext writes between pages) starts a new page.
 */
export function pastedDocument(text: string): ReadDocument {
  const CHAR = 6;
  const LINE = 14;
  const MARGIN = 40;
  const expandTabs = (line: string) =>
    line.replace(/[^\t]*\t/g, (run) => run.slice(0, -1).padEnd((Math.floor((run.length - 1) / 8) + 1) * 8));
  const pages: ReadPage[] = text.split('\f').map((pageText, index) => ({
    pageNumber: index + 1,
    width: 595,
    height: 842,
    source: 'text',
    words: pageText.split(/\r?\n/).flatMap((line, row): Word[] =>
      [...expandTabs(line).matchAll(/\S+/g)].map((m) => ({
        text: m[0],
        x: MARGIN + (m.index ?? 0) * CHAR,
        y: MARGIN + row * LINE,
        width: m[0].length * CHAR,
        height: 10,
      })),
    ),
  }));
  return { documentId: 0, fileName: PASTED_TEXT, url: '', pages };
}

/** The draft as the adjudicator's master: its test units loaded in the order chosen (the first is the one converted to). */
async function draftMaster(db: DbOrTx, draft: Draft): Promise<ClinicalAttributeMaster> {
  const rows = draft.fk_clinical_unit.length
    ? await db.select().from(clinicalUnits).where(inArray(clinicalUnits.id, draft.fk_clinical_unit))
    : [];
  const units = draft.fk_clinical_unit.map((id) => {
    const unit = rows.find((u) => u.id === id);
    if (!unit) throw badRequest(`attribute.fk_clinical_unit: unknown test unit ${id}`);
    return { id: unit.id, name: unit.name, alias: unit.alias };
  });
  return {
    id: 0,
    name: draft.name,
    alias: draft.alias.map((a) => a.trim()).filter(Boolean),
    value_type: draft.value_type,
    tabular: draft.tabular,
    distributed_attribute_value: draft.distributed_attribute_value,
    units,
    number_range: draft.value_type === 'Text' ? null : (draft.number_range ?? null),
    text_possible_values: draft.text_possible_values.filter((v) => v.text_value.trim()),
    overrides: draft.overrides,
    patternOverridesForValues: draft.patternOverridesForValues,
  };
}

async function knownCode(db: DbOrTx, field: string, code: string, table: 'hospital' | 'procedure'): Promise<string> {
  const rows =
    table === 'hospital'
      ? await db.select({ code: hospitals.hospitalCode }).from(hospitals).where(sql`lower(${hospitals.hospitalCode}) = lower(${code})`)
      : await db
          .select({ code: procedures.procedureCode })
          .from(procedures)
          .where(sql`lower(${procedures.procedureCode}) = lower(${code})`);
  if (!rows[0]) throw badRequest(`${field}: unknown ${table} code '${code}'`);
  return rows[0].code;
}

interface Situation {
  input: VerificationInput;
  /** The procedures to read for: the claim's, or the one named with the text (null: none). */
  procedureCodes: (string | null)[];
  where: string;
}

async function situation(db: DbOrTx, auth: AuthContext, body: TryBody, attribute: ClinicalAttributeMaster): Promise<Situation | string> {
  const withDraft = (masters: VerificationInput['masters']) => ({
    ...masters,
    clinicalAttributes: [attribute, ...masters.clinicalAttributes.filter((a) => foldOf(a.name) !== foldOf(attribute.name))],
  });
  if (body.claimId !== undefined) {
    const claim = await loadVisibleClaim(db, auth, body.claimId);
    const documents = await loadReadDocuments(db, claim.id);
    if (!documents.length) return `Claim ${claim.id} has no documents.`;
    if (documents.every((d) => !d.error && d.pages.length === 0)) {
      return `The documents of claim ${claim.id} have not been read yet: verify the claim first.`;
    }
    const [masters, rules, facts] = await Promise.all([
      loadMasterData(db, claim.hospitalCode),
      loadRules(db, claim),
      loadFacts(db, claim.id),
    ]);
    return {
      input: {
        claim: verificationClaim(claim),
        documents,
        masters: withDraft(masters),
        rules,
        facts,
      },
      procedureCodes: claim.procedureCodes.length ? claim.procedureCodes : [null],
      where: `the documents of claim ${claim.id}`,
    };
  }
  const hospitalCode = body.hospitalCode ? await knownCode(db, 'hospitalCode', body.hospitalCode, 'hospital') : null;
  const procedureCode = body.procedureCode ? await knownCode(db, 'procedureCode', body.procedureCode, 'procedure') : null;
  const masters = await loadMasterData(db, hospitalCode);
  return {
    input: {
      claim: { id: 0, caseType: 'SETTLEMENT', procedureCodes: procedureCode ? [procedureCode] : [], hospitalCode, organization: 'vitraya' },
      documents: [pastedDocument(body.text ?? '')],
      masters: withDraft(masters),
      // Pasted text is read without a rule: every page counts unless a document override leaves its type out.
      rules: {},
    },
    procedureCodes: [procedureCode],
    where: 'the text',
  };
}

const NO_RULE: RuleScope['rule'] = { documentExclusionList: [], clinicalInclusionDocuments: [], clinicalExclusionDocuments: [] };

/**
 * The text the value was read from: on each line the tokens span, every word from the first to the last of them
 * (so 'Hb : 9.5 g/dl', not 'Hb 9.5 g/dl'); lines joined by a line break.
 */
function wordsOf(context: ClaimContext, tokens: number[]): string | null {
  if (!tokens.length) return null;
  const spans = new Map<string, { page: number; line: number; from: number; to: number }>();
  for (const t of tokens) {
    const { page, line, col } = context.text.tokens[t];
    const key = `${page}:${line}`;
    const span = spans.get(key);
    if (span) {
      span.from = Math.min(span.from, col);
      span.to = Math.max(span.to, col);
    } else spans.set(key, { page, line, from: col, to: col });
  }
  return [...spans.values()]
    .sort((a, b) => a.page - b.page || a.line - b.line)
    .map(({ page, line, from, to }) =>
      context.text.pages[page].lines[line].tokens
        .slice(from, to + 1)
        .map((t) => context.text.tokens[t].word.text)
        .join(' '),
    )
    .join('\n');
}

function placeOf(context: ClaimContext, page: number | null): TryPlace | null {
  if (page === null) return null;
  const info = context.text.pages[page];
  return { document: info.document.fileName, page: info.page.pageNumber, documentType: context.segregation.pages[page]?.type ?? null };
}

const VALUE_WORDS: Record<ClinicalAttributeMaster['value_type'], string> = {
  Number: 'number',
  NumberRange: 'number range',
  Text: 'text value',
};

const quoted = (names: string[]) => names.map((n) => `'${n}'`).join(', ');

/** Why nothing was found, when no value counts. */
function nothingFound(context: ClaimContext, attribute: ClinicalAttributeMaster, candidates: TryCandidate[], where: string): string {
  if (context.suspendedReason) return context.suspendedReason;
  if (candidates.length) {
    return `${candidates.length} value(s) were read, but none in a document that counts: ${candidates.map((c) => c.note).join('; ')}.`;
  }
  const names = [attribute.name, ...attribute.alias];
  const hits = names.flatMap((n) => context.index.find(n));
  if (!hits.length) {
    return names.length > 1
      ? `Neither '${attribute.name}' nor its aliases (${quoted(attribute.alias)}) appear in ${where}.`
      : `'${attribute.name}' does not appear in ${where}.`;
  }
  const possible = attribute.text_possible_values.map((v) => v.text_value);
  const expected =
    attribute.value_type === 'Text' && possible.length
      ? `none of its text values (${quoted(possible)}) follows it`
      : `no ${VALUE_WORDS[attribute.value_type]} follows it on the same line${attribute.tabular ? ' or in the cell below' : ''}`;
  const hint = attribute.tabular || attribute.value_type === 'Text' ? '' : ' (tick Tabular if the value stands in the cell below the name)';
  return `'${hits[0].phrase}' appears ${hits.length} time(s), but ${expected}${hint}.`;
}

/** Pattern overrides that cannot apply or can find nothing, said once for the whole try. */
function patternNotes(context: ClaimContext, attribute: ClinicalAttributeMaster): string[] {
  const hospital = context.input.claim.hospitalCode;
  const all = attribute.patternOverridesForValues;
  if (!all.length) return [];
  const mine = all.filter((p) => hospital && p.hospitals.some((h) => foldOf(h) === foldOf(hospital)));
  const notes: string[] = [];
  if (!mine.length) {
    const listed = [...new Set(all.flatMap((p) => p.hospitals))];
    notes.push(
      hospital
        ? `The pattern overrides apply to ${listed.join(', ') || 'no hospital yet'}, not to ${hospital}: the value is read beside the name.`
        : `The pattern overrides apply only to their hospitals (${listed.join(', ') || 'none chosen yet'}): choose a hospital to try them.`,
    );
  }
  for (const override of mine)
    override.overrides.forEach((parts, i) => {
      if (!compilePattern(parts, attribute))
        notes.push(`Pattern ${i + 1} for ${override.hospitals.join(', ')} has no Value part, so it can find nothing.`);
    });
  if (mine.length && !context.candidates(attribute).some((c) => c.source === 'pattern')) {
    notes.push(`The pattern override for ${hospital} matched nothing in the text.`);
  }
  return notes;
}

function explain(
  context: ClaimContext,
  attribute: ClinicalAttributeMaster,
  scope: RuleScope,
  documents: ReturnType<typeof leafScope>,
): { candidates: TryCandidate[]; override: ReturnType<typeof applicableOverride> } {
  const allowed = pageFilter(context, documents);
  const override = applicableOverride(attribute.overrides, {
    hospitalCode: context.input.claim.hospitalCode,
    procedureCode: scope.procedureCode,
    procedureName: scope.procedureName,
  });
  const candidates = context.candidates(attribute).map((candidate: ValueCandidate): TryCandidate => {
    const place = placeOf(context, candidate.page);
    const type = place?.documentType ?? null;
    const typeName = type ?? 'a page of no known document type';
    let note: string | null = null;
    let counts = true;
    if (candidate.page === null) note = "From the claim's confirmed findings";
    else if (!allowed(candidate.page)) {
      counts = false;
      note = `${typeName} is not read for clinical attributes under the procedure's rule`;
    } else {
      const rank = documentRank(override, type);
      if (rank === null) {
        counts = false;
        note = `${typeName} is excluded by the document override`;
      } else if (override) note = rank < override.override_value.length ? `Document order ${rank + 1}` : 'After the documents in the order';
    }
    return {
      value: displayValue(candidate.value),
      unit: candidate.unit,
      source: candidate.source,
      matchedText: wordsOf(context, candidate.tokens),
      place,
      counts,
      note,
    };
  });
  return { candidates, override };
}

/** What the adjudicator reads with the draft; refuses (400) unknown test units, hospitals and procedures. */
export async function tryClinicalAttribute(db: DbOrTx, auth: AuthContext, body: TryBody): Promise<ClinicalAttributeTryResult[]> {
  const attribute = await draftMaster(db, body.attribute);
  const found = await situation(db, auth, body, attribute);
  if (typeof found === 'string') {
    return [
      {
        procedureCode: null,
        hospitalCode: null,
        found: false,
        value: null,
        unit: null,
        source: null,
        matchedText: null,
        place: null,
        documentOverride: null,
        reason: found,
        candidates: [],
        notes: [],
      },
    ];
  }
  const context = prepareClaim(found.input);
  const notes = patternNotes(context, attribute);
  return found.procedureCodes.map((procedureCode): ClinicalAttributeTryResult => {
    const rule: RuleDefinition | null = procedureCode ? (found.input.rules[procedureCode] ?? null) : null;
    const procedure = found.input.masters.procedures.find((p) => p.procedure_code === procedureCode);
    const scope: RuleScope = { procedureCode: procedureCode ?? '', procedureName: procedure?.name ?? null, rule: rule ?? NO_RULE };
    const documents = leafScope({}, scope, 'clinicalAttribute');
    const chosen = attributeValue(context, attribute, scope, documents);
    const { candidates, override } = explain(context, attribute, scope, documents);
    return {
      procedureCode,
      hospitalCode: found.input.claim.hospitalCode,
      found: chosen !== null,
      value: chosen ? displayValue(chosen.value) : null,
      unit: chosen?.unit ?? null,
      source: chosen?.source ?? null,
      matchedText: chosen ? wordsOf(context, chosen.tokens) : null,
      place: chosen ? placeOf(context, chosen.page) : null,
      documentOverride: override,
      reason: chosen ? null : nothingFound(context, attribute, candidates, found.where),
      candidates,
      notes,
    };
  });
}
