/**
 * 'Try on claims' of a document segregation: the most recent verified claims of the hospitals an edited group
 * touches (those it holds and those it would no longer hold) are judged again by the adjudicator, once with the
 * segregation stored now and once with the edited group in place of the stored one. As the rules' dry run does
 * (src/rules/dry-run.ts), nothing is read again: the documents' read words and the claim's facts are what a
 * verification kept. Nothing is stored.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  SEGREGATION_PREVIEW_MAX_PAGES,
  type DocgroupConfig,
  type SegregationPageChange,
  type SegregationPreviewBody,
  type SegregationPreviewClaim,
  type SegregationPreviewResult,
} from '@claims/shared-kernel/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../db';
import { claims, docgroupConfigs, docgroupHospitals, hospitals, keywordMasters } from '../db/schema';
import { loadFacts, loadMasterData, loadReadDocuments, loadRules, verificationClaim } from '../jobs/verification-input';
import { verifyClaim } from '../verification';
import { prepareClaim } from '../verification/context';
import type { MasterData, VerificationInput } from '../verification/types';
import { chosenHospitals, draftConfigurations } from './docgroups';

type Draft = z.output<typeof SegregationPreviewBody>;

export interface PreviewBounds {
  /** The most recent claims to judge at most. */
  limit: number;
  /** Milliseconds the run may take: past them it stops before the next claim (having judged at least one). */
  budgetMs: number;
}

/** A hospital's configurations by document name: those of the other groups, and the edited group's (draft or stored). */
interface HospitalSegregation {
  stored: Record<string, DocgroupConfig>;
  edited: Record<string, DocgroupConfig>;
}

/**
 * Per hospital code, the segregation stored now and the one the edited group would give: the configurations of the
 * hospital's other groups stay, the group's own are replaced by the draft's where the draft holds the hospital.
 */
async function segregations(db: DbOrTx, draft: Draft): Promise<Map<string, HospitalSegregation>> {
  const chosen = await chosenHospitals(db, draft, { lock: false });
  const drafted = Object.fromEntries([...(await draftConfigurations(db, draft)).values()].map(({ name, config }) => [name, config]));
  const left =
    draft.id === undefined
      ? []
      : await db
          .select({ hospitalCode: hospitals.hospitalCode })
          .from(docgroupHospitals)
          .innerJoin(hospitals, eq(hospitals.id, docgroupHospitals.hospitalId))
          .where(eq(docgroupHospitals.docgroupId, draft.id));
  const codes = [...new Set([...chosen.map((h) => h.hospitalCode), ...left.map((h) => h.hospitalCode)])];
  const rows = await db
    .select({
      hospitalCode: hospitals.hospitalCode,
      docgroupId: docgroupHospitals.docgroupId,
      name: keywordMasters.name,
      config: docgroupConfigs.config,
    })
    .from(hospitals)
    .innerJoin(docgroupHospitals, eq(docgroupHospitals.hospitalId, hospitals.id))
    .innerJoin(docgroupConfigs, eq(docgroupConfigs.docgroupId, docgroupHospitals.docgroupId))
    .innerJoin(keywordMasters, eq(keywordMasters.id, docgroupConfigs.documentId))
    .where(inArray(hospitals.hospitalCode, codes))
    .orderBy(asc(docgroupConfigs.id));
  const holds = new Set(chosen.map((h) => h.hospitalCode));
  return new Map(
    codes.map((code) => {
      const own = rows.filter((r) => r.hospitalCode === code);
      const stored = Object.fromEntries(own.map((r) => [r.name, r.config]));
      const others = Object.fromEntries(own.filter((r) => r.docgroupId !== draft.id).map((r) => [r.name, r.config]));
      return [code, { stored, edited: holds.has(code) ? { ...others, ...drafted } : others }];
    }),
  );
}

/** Each page's document type as the adjudicator's segregate step gives it, with where the page is. */
function typedPages(input: VerificationInput): { fileName: string; pageNumber: number; type: string | null }[] {
  const context = prepareClaim(input);
  return context.text.pages.map((page) => ({
    fileName: page.document.fileName,
    pageNumber: page.page.pageNumber,
    type: context.segregation.pages[page.index]?.type ?? null,
  }));
}

function pageChanges(before: VerificationInput, after: VerificationInput): SegregationPageChange[] {
  const old = typedPages(before);
  const current = typedPages(after);
  // The same documents are read both times: the pages line up one for one.
  return current.flatMap((page, i) =>
    page.type === old[i]?.type
      ? []
      : [{ fileName: page.fileName, pageNumber: page.pageNumber, before: old[i]?.type ?? null, after: page.type }],
  );
}

export async function previewSegregation(db: DbOrTx, draft: Draft, { limit, budgetMs }: PreviewBounds): Promise<SegregationPreviewResult> {
  const started = performance.now();
  const byHospital = await segregations(db, draft);
  const codes = [...byHospital.keys()];
  const recent = codes.length
    ? await db
        .select({
          id: claims.id,
          org: claims.org,
          referenceClaimId: claims.referenceClaimId,
          caseType: claims.caseType,
          hospitalCode: claims.hospitalCode,
          procedureCodes: claims.procedureCodes,
        })
        .from(claims)
        .where(and(eq(claims.status, 'ADJUDICATED'), inArray(claims.hospitalCode, codes)))
        .orderBy(sql`${claims.lastVerifiedOn} desc nulls last`, desc(claims.id))
        .limit(limit)
    : [];

  // The masters but the segregation are the same for every hospital: loaded once.
  let masters: Promise<MasterData> | null = null;
  const changed: SegregationPreviewClaim[] = [];
  let considered = 0;
  for (const claim of recent) {
    if (considered > 0 && performance.now() - started >= budgetMs) break;
    considered++;
    const hospitalCode = claim.hospitalCode ?? '';
    const segregation = byHospital.get(hospitalCode);
    if (!segregation) continue;
    masters ??= loadMasterData(db, null);
    const [documents, base, rules, facts] = await Promise.all([
      loadReadDocuments(db, claim.id),
      masters,
      loadRules(db, claim),
      loadFacts(db, claim.id),
    ]);
    const input = (docgroups: Record<string, DocgroupConfig>): VerificationInput => ({
      claim: verificationClaim(claim),
      documents,
      masters: { ...base, docgroups },
      rules,
      facts,
    });
    const [before, after] = [input(segregation.stored), input(segregation.edited)];
    const verdictBefore = verifyClaim(before);
    const verdictAfter = verifyClaim(after);
    const pages = pageChanges(before, after);
    if (verdictBefore.adjudicationResult === verdictAfter.adjudicationResult && pages.length === 0) continue;
    changed.push({
      id: claim.id,
      referenceClaimId: claim.referenceClaimId,
      org: claim.org,
      hospitalCode,
      before: verdictBefore.adjudicationResult,
      after: verdictAfter.adjudicationResult,
      beforeReason: verdictBefore.adjudicationReason ?? null,
      afterReason: verdictAfter.adjudicationReason ?? null,
      pages: pages.slice(0, SEGREGATION_PREVIEW_MAX_PAGES),
      pagesChanged: pages.length,
    });
  }
  return {
    hospitals: codes,
    considered,
    limit,
    found: recent.length,
    stoppedEarly: considered < recent.length,
    unchanged: considered - changed.length,
    claims: changed,
  };
}
