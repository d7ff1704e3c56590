/**
 * Rules compiled once. A rule tree becomes a function of facts that are extracted once per claim: for each
 * presence leaf how many of its values were found, for each comparison leaf the value it compares. Judging
 * the claim again by the same or another rule (a dry run of a draft over recent claims, the benchmark) is then
 * plain comparisons, with no look-up in the documents' text and no explanation built.
 *
 * The explained tree a verdict stores (every leaf with conditionResult, valueFound, unitFound and evidence) is
 * the interpreter's (evaluate.ts), built once per verdict; the two agree leaf by leaf, which compile.test.ts
 * checks on the synthetic corpus of `npm run eval`.
 */
import type { RuleStatement } from '@claims/shared-kernel/contract';
import type { ClaimContext } from './context';
import {
  COMPARISON_TESTS,
  comparedValue,
  isPresenceOperator,
  PRESENCE_NEEDS,
  presentValues,
  type RuleScope,
  valuesToFind,
} from './evaluate';
import type { ClinicalAttributeMaster } from './types';
import type { AttributeValue } from './values';

/** What the claim offers one leaf. */
export type LeafFact =
  | { kind: 'presence'; found: number }
  | { kind: 'value'; value: AttributeValue | null; attribute: ClinicalAttributeMaster | null }
  /** A leaf with an operator the adjudicator does not know: it never holds. */
  | { kind: 'unsupported' };

type Holds = (facts: readonly LeafFact[]) => boolean;

export interface CompiledRule {
  /** The tree's leaves in reading order; facts and leaf results are in this order. */
  leaves: readonly RuleStatement[];
  /** The tree's result. */
  holds: Holds;
  /** Each leaf's result. */
  leafResults(facts: readonly LeafFact[]): boolean[];
}

function compileLeaf(leaf: RuleStatement, index: number): Holds {
  const operator = leaf.operator ?? '';
  if (isPresenceOperator(operator)) {
    const total = valuesToFind(leaf).length;
    const need = PRESENCE_NEEDS[operator](leaf, total);
    if (total === 0) return () => false;
    return (facts) => (facts[index] as { found: number }).found >= need;
  }
  const test = COMPARISON_TESTS[operator as keyof typeof COMPARISON_TESTS];
  if (!test) return () => false;
  return (facts) => {
    const fact = facts[index] as Extract<LeafFact, { kind: 'value' }>;
    return fact.value !== null && fact.attribute !== null && test(fact.value, leaf, fact.attribute);
  };
}

/**
 * Compound nodes: AND needs every statement, any other operator one; no statements (or neither an operator nor
 * statements) holds, as in the interpreter.
 */
export function compileRule(tree: RuleStatement): CompiledRule {
  const leaves: RuleStatement[] = [];
  const leafTests: Holds[] = [];
  const compile = (node: RuleStatement): Holds => {
    if (node.operator) {
      const test = compileLeaf(node, leaves.length);
      leaves.push(node);
      leafTests.push(test);
      return test;
    }
    const children = (node.statements ?? []).map(compile);
    if (children.length === 0) return () => true;
    if (node.booleanOperator === 'AND')
      return (facts) => {
        for (const child of children) if (!child(facts)) return false;
        return true;
      };
    return (facts) => {
      for (const child of children) if (child(facts)) return true;
      return false;
    };
  };
  const holds = compile(tree);
  return { leaves, holds, leafResults: (facts) => leafTests.map((test) => test(facts)) };
}

/** The facts a claim offers a compiled rule's leaves (the look-ups in the text happen here, once). */
export function extractFacts(rule: CompiledRule, context: ClaimContext, scope: RuleScope): LeafFact[] {
  return rule.leaves.map((leaf): LeafFact => {
    const operator = leaf.operator ?? '';
    if (isPresenceOperator(operator)) return { kind: 'presence', found: presentValues(context, leaf, scope).filter((p) => p.found).length };
    if (!(operator in COMPARISON_TESTS)) return { kind: 'unsupported' };
    const { attribute, candidate } = comparedValue(context, leaf, scope);
    return { kind: 'value', value: candidate?.value ?? null, attribute };
  });
}
