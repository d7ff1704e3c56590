/**
 * Verdicts (the binding semantics of /work/shared/spec/README.md):
 *   all four rule trees true (a missing tree counts as true)     ACCEPTED
 *   a failing procedure, diagnosis or clinical terms rule        REJECTED, reasons naming the failing statements
 *   otherwise a failing document rule                            QUERY, 'Required Document not found: {documents}'
 *                                                                ('Required Document not found' when none is named)
 *   no rule for the procedure, insurer and case type             QUERY, 'Protocol not configured for {procedure} ({caseType})'
 *   no readable document in the claim                            SUSPENDED
 * The claim's result is the worst of its procedures': SUSPENDED, REJECTED, QUERY, ACCEPTED.
 */
import { REQUIRED_DOCUMENT_NOT_FOUND, RESULT_SEVERITY, type AdjudicationResult } from '@claims/shared-kernel/constants';
import type { RuleTreeName } from '@claims/shared-kernel/contract';
import { failureTexts, type Evaluated } from './evaluate';

export interface Verdict {
  adjudicationResult: AdjudicationResult;
  adjudicationReason: string | null;
  rejectionReasons: string[];
}

const CLINICAL_TREES = ['procedureRule', 'diagnosisRule', 'clinicalTermsRule'] as const;
const TREE_LABELS: Record<RuleTreeName, string> = {
  procedureRule: 'Procedure rule',
  diagnosisRule: 'Diagnosis rule',
  documentRule: 'Document rule',
  clinicalTermsRule: 'Clinical terms rule',
};

export const protocolNotConfigured = (procedure: string, caseType: string): string =>
  `Protocol not configured for ${procedure} (${caseType})`;

const fails = (tree: Evaluated | null): tree is Evaluated => !!tree && tree.statement.conditionResult !== true;

/** The failing statements of a tree, or the tree's own name when no statement explains it. */
const reasonsOf = (name: RuleTreeName, tree: Evaluated): string[] => {
  const texts = failureTexts(tree, (leaf) => leaf.failure);
  return texts.length ? texts : [`${TREE_LABELS[name]} not satisfied`];
};

function missingDocumentsReason(documentRule: Evaluated): string {
  const named = failureTexts(documentRule, (leaf) => leaf.missingDocuments, { and: ', ', or: ' or ' });
  return named.length ? `${REQUIRED_DOCUMENT_NOT_FOUND}: ${named.join('; ')}` : REQUIRED_DOCUMENT_NOT_FOUND;
}

export function verdictOf(trees: Record<RuleTreeName, Evaluated | null>): Verdict {
  const clinical = CLINICAL_TREES.filter((name) => fails(trees[name])).flatMap((name) => reasonsOf(name, trees[name]!));
  const documentRule = trees.documentRule;
  const documentReasons = fails(documentRule) ? reasonsOf('documentRule', documentRule) : [];
  if (clinical.length)
    return { adjudicationResult: 'REJECTED', adjudicationReason: clinical.join('; '), rejectionReasons: [...clinical, ...documentReasons] };
  if (fails(documentRule))
    return { adjudicationResult: 'QUERY', adjudicationReason: missingDocumentsReason(documentRule), rejectionReasons: documentReasons };
  return { adjudicationResult: 'ACCEPTED', adjudicationReason: null, rejectionReasons: [] };
}

export function worstOf(results: AdjudicationResult[]): AdjudicationResult | null {
  for (const result of RESULT_SEVERITY) if (results.includes(result)) return result;
  return null;
}

/** Joins reason parts that are present with '; '; null when there are none. */
export const joinReasons = (...parts: (string | null | undefined)[]): string | null => {
  const present = parts.filter((p): p is string => !!p && !!p.trim());
  return present.length ? present.join('; ') : null;
};

export const fraudReason = (markers: string[]): string | null => (markers.length ? `Fraud markers found: ${markers.join(', ')}` : null);
