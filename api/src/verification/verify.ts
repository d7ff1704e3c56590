/**
 * verifyClaim: judges every procedure code of a claim against its rule and builds adjudicationDetails in the
 * exact shape the claim page reads (ProcedureVerification). Synchronous: all the slow work (reading, OCR)
 * happened in readDocument.
 */
import { type CaseType, ENTITY_GROUP_KINDS, masterListOf } from '@claims/shared-kernel/constants';
import {
  RULE_TREES,
  type EntityGroup,
  type FoundItem,
  type ProcedureVerification,
  type RuleStatement,
  type RuleTreeName,
} from '@claims/shared-kernel/contract';
import { describeUnreadable, forProcedure, prepareClaim, unreadableReason, type ClaimContext, type EntityKind } from './context';
import { findEntity, foundItem, pageFilter, type DocumentScope, type FoundValue } from './entities';
import {
  attributeOf,
  attributeValue,
  comparedAttribute,
  evaluateNode,
  kindOf,
  leafScope,
  valueEvidence,
  type Evaluated,
  type RuleScope,
} from './evaluate';
import { foldOf } from './match';
import { fraudReason, joinReasons, protocolNotConfigured, verdictOf, worstOf, type Verdict } from './result';
import type { ClaimVerification, KeywordMaster, RuleDefinition, VerificationInput } from './types';
import { displayValue } from './values';

const PRESENCE_OPERATORS = new Set(['ANY_OF_N_VALUES_IS_PRESENT', 'ALL_OF_THE_VALUES_ARE_PRESENT']);
const NO_RULE_LISTS = { documentExclusionList: [], clinicalInclusionDocuments: [], clinicalExclusionDocuments: [] };

export function verifyClaim(input: VerificationInput): ClaimVerification {
  const context = prepareClaim(input);
  const codes = [...new Set(input.claim.procedureCodes ?? [])];
  const notes = [
    context.suspendedReason || !context.unreadable.length ? null : unreadableReason(context.unreadable, 'some'),
    fraudReason(context.fraudMarkersFound),
  ];
  // The reader's own words about the unreadable documents, for the error dialog rather than the reason.
  const technical = context.unreadable.length ? { technicalDetail: `Unreadable documents: ${describeUnreadable(context.unreadable)}` } : {};
  const verdicts = new Map<string, Verdict>();
  const adjudicationDetails: Record<string, ProcedureVerification> = {};
  codes.forEach((code, i) => {
    const { detail, verdict } = verifyProcedure(forProcedure(context, code), code, i === 0);
    verdicts.set(code, verdict);
    adjudicationDetails[code] = { ...detail, ...verdict, adjudicationReason: joinReasons(verdict.adjudicationReason, ...notes) };
  });
  const worst = worstOf([...verdicts.values()].map((v) => v.adjudicationResult));
  if (!worst)
    return {
      adjudicationResult: 'QUERY',
      adjudicationReason: joinReasons('No procedure codes on the claim', ...notes),
      rejectionReasons: [],
      adjudicationDetails,
      ...technical,
    };
  const several = codes.length > 1;
  const tag = (code: string, text: string) => (several ? `${code}: ${text}` : text);
  // The reasons of the procedures with the worst result; one the claim's procedures all share is said once.
  const worstCodes = codes.filter((c) => verdicts.get(c)!.adjudicationResult === worst);
  const byReason = new Map<string, string[]>();
  for (const code of worstCodes) {
    const reason = verdicts.get(code)!.adjudicationReason;
    if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), code]);
  }
  const worstReasons = [...byReason].map(([reason, sharing]) =>
    sharing.length === codes.length ? reason : tag(sharing.join(', '), reason),
  );
  return {
    adjudicationResult: worst,
    adjudicationReason: joinReasons(...worstReasons, ...notes),
    rejectionReasons: codes.flatMap((c) => verdicts.get(c)!.rejectionReasons.map((r) => tag(c, r))),
    adjudicationDetails,
    ...technical,
  };
}

function procedureNameOf(context: ClaimContext, code: string): string | null {
  const fold = foldOf(code);
  return (context.input.masters.procedures ?? []).find((p) => foldOf(p.procedure_code ?? '') === fold)?.name ?? null;
}

function verifyProcedure(
  context: ClaimContext,
  code: string,
  primary: boolean,
): { detail: Omit<ProcedureVerification, keyof Verdict>; verdict: Verdict } {
  const rule = context.input.rules?.[code] ?? null;
  const procedureName = procedureNameOf(context, code);
  const scope: RuleScope = { procedureCode: code, procedureName, rule: rule ?? NO_RULE_LISTS };
  const base = { ruleId: rule?.id ?? null, ruleVersion: rule?.version ?? null, ruleOrganization: rule?.organization ?? null, primary };
  if (context.suspendedReason) {
    const trees = Object.fromEntries(RULE_TREES.map((name) => [name, rule?.[name] ?? null]));
    return {
      detail: { ...base, ...trees, ...entityGroups(context, rule, scope) },
      verdict: { adjudicationResult: 'SUSPENDED', adjudicationReason: context.suspendedReason, rejectionReasons: [] },
    };
  }
  if (!rule) {
    const caseType: CaseType = context.input.claim.caseType;
    return {
      detail: {
        ...base,
        procedureRule: null,
        diagnosisRule: null,
        documentRule: null,
        clinicalTermsRule: null,
        ...entityGroups(context, null, scope),
      },
      verdict: {
        adjudicationResult: 'QUERY',
        adjudicationReason: protocolNotConfigured(procedureName ?? code, caseType),
        rejectionReasons: [],
      },
    };
  }
  const evaluated = Object.fromEntries(
    RULE_TREES.map((name) => [name, rule[name] ? evaluateNode(rule[name]!, context, scope) : null]),
  ) as Record<RuleTreeName, Evaluated | null>;
  const trees = Object.fromEntries(RULE_TREES.map((name) => [name, evaluated[name]?.statement ?? null]));
  return { detail: { ...base, ...trees, ...entityGroups(context, rule, scope) }, verdict: verdictOf(evaluated) };
}

interface Mention {
  name: string;
  scope: DocumentScope;
}

/** What the rule's leaves look for, per entity kind, with the pages each leaf may look in. */
function mentionsOf(context: ClaimContext, rule: RuleDefinition | null, scope: RuleScope): Map<EntityKind, Mention[]> {
  const mentions = new Map<EntityKind, Mention[]>();
  const add = (kind: EntityKind, name: string, documents: DocumentScope) => {
    if (!name?.trim()) return;
    mentions.set(kind, [...(mentions.get(kind) ?? []), { name, scope: documents }]);
  };
  const walk = (node: RuleStatement) => {
    if (node.operator && PRESENCE_OPERATORS.has(node.operator)) {
      const kind = kindOf(context, node);
      for (const value of node.valuesToFind ?? []) add(kind, value, leafScope(node, scope, kind));
    } else if (node.operator) {
      add('clinicalAttribute', comparedAttribute(node)?.name ?? '', leafScope(node, scope, 'clinicalAttribute'));
    }
    for (const child of node.statements ?? []) walk(child);
  };
  for (const name of RULE_TREES) if (rule?.[name]) walk(rule[name]!);
  return mentions;
}

function mastersOf(context: ClaimContext, kind: EntityKind): KeywordMaster[] {
  const list = masterListOf(kind);
  return (list ? context.input.masters[list] : undefined) ?? [];
}

/** The entity groups: every item the rule mentions (found or absent), then every other entity found. */
function entityGroups(context: ClaimContext, rule: RuleDefinition | null, scope: RuleScope): Record<EntityGroup, FoundItem[]> {
  const mentions = mentionsOf(context, rule, scope);
  const groups = {} as Record<EntityGroup, FoundItem[]>;
  for (const { group, kind } of ENTITY_GROUP_KINDS) {
    const items: FoundItem[] = [];
    const seen = new Set<string>();
    const consider = (name: string, documents: DocumentScope, mentioned: boolean) => {
      const allowed = pageFilter(context, documents);
      const presence = findEntity(context, kind, name, allowed, mentioned);
      const key = presence.master ? `#${presence.master.id}` : foldOf(name);
      if (seen.has(key)) return;
      let value: FoundValue | undefined;
      if (kind === 'clinicalAttribute') {
        const attribute = attributeOf(context, { id: presence.master?.id ?? '', name });
        const candidate = attribute ? attributeValue(context, attribute, scope, documents) : null;
        value = {
          valueFound: candidate ? displayValue(candidate.value) : null,
          unitFound: candidate?.unit ?? null,
          evidence: candidate ? valueEvidence(context, candidate) : null,
        };
      }
      const item = foundItem(context, presence, value);
      if (!mentioned && !item.found) return;
      seen.add(key);
      items.push(item);
    };
    for (const mention of mentions.get(kind) ?? []) consider(mention.name, mention.scope, true);
    const defaults = leafScope({}, scope, kind);
    for (const master of mastersOf(context, kind)) consider(master.name, defaults, false);
    groups[group] = items;
  }
  return groups;
}
