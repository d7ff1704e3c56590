import { describe, expect, it } from '@jest/globals';
import {
  ClinicalAttributeSaveBody,
  ClinicalUnitSaveBody,
  DocgroupConfig,
  QuestionSaveBody,
  RuleStatement,
} from '@claims/shared-kernel/contract';
import { catalog, FRAUD_MARKERS, resolveRule, ruleLeaves } from './catalog';
import { phrasesOf } from './text-match';

const TREES = ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule'] as const;
const allLeaves = catalog.rules.flatMap((r) => TREES.flatMap((t) => ruleLeaves(r[t]).map((leaf) => ({ rule: r, tree: t, leaf }))));
const names = (rows: { name: string }[]) => new Set(rows.map((r) => r.name));
const ENTITY_TABLES: Record<string, Set<string>> = {
  procedures: names(catalog.procedures),
  diagnoses: names(catalog.diagnoses),
  evidence: names(catalog.evidence),
  drugs: names(catalog.drugs),
  tissues: names(catalog.tissues),
  document: names(catalog.documents),
};
const docName = (id: number) => catalog.documents.find((d) => d.id === id)!.name;

describe('catalog masters', () => {
  it('has the expected breadth and stable, unique small ids', () => {
    expect(catalog.procedures.length).toBeGreaterThanOrEqual(25);
    expect(catalog.diagnoses.length).toBeGreaterThanOrEqual(40);
    expect(catalog.documents.length).toBeGreaterThanOrEqual(15);
    expect(catalog.clinicalAttributes.length).toBeGreaterThanOrEqual(20);
    expect(catalog.hospitals).toHaveLength(8);
    for (const table of Object.values(catalog)) {
      const ids = (table as { id: number }[]).map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
    }
    expect(catalog.procedures.map((p) => p.procedure_code)).toContain('id003a');
    expect(new Set(catalog.procedures.map((p) => p.procedure_code)).size).toBe(catalog.procedures.length);
    expect(catalog.hospitals.map((h) => h.hospital_code)).toEqual([
      'HOSP001',
      'HOSP002',
      'HOSP003',
      'HOSP004',
      'HOSP005',
      'HOSP006',
      'HOSP007',
      'HOSP008',
    ]);
    expect(catalog.diagnoses.every((d) => /^[A-Z]\d{2}(\.\d{1,2})?$/.test(d.ICD_code ?? ''))).toBe(true);
  });

  it('never lets one entity name be written inside another entity name', () => {
    const groups = {
      procedures: catalog.procedures,
      diagnoses: catalog.diagnoses,
      evidence: catalog.evidence,
      drugs: catalog.drugs,
      tissues: catalog.tissues,
      ped: catalog.preExistingDiseases,
      documents: catalog.documents,
      attributes: catalog.clinicalAttributes,
      fraud: [...FRAUD_MARKERS],
    };
    const all = Object.entries(groups).flatMap(([g, rows]) => rows.map((r) => ({ key: `${g}:${r.name}`, phrases: phrasesOf(r) })));
    const inside = (hay: string[], needle: string[]) => hay.some((_, i) => needle.every((w, j) => hay[i + j] === w));
    const conflicts = all.flatMap((a) =>
      all
        .filter((b) => b.key !== a.key)
        .flatMap((b) =>
          a.phrases.flatMap((pa) =>
            b.phrases.filter((pb) => inside(pb, pa)).map((pb) => `${a.key} '${pa.join(' ')}' in ${b.key} '${pb.join(' ')}'`),
          ),
        ),
    );
    expect(conflicts).toEqual([]);
  });

  it('saves through the contract schemas the masters screens use', () => {
    for (const a of catalog.clinicalAttributes) expect(() => ClinicalAttributeSaveBody.parse(a)).not.toThrow();
    for (const u of catalog.clinicalUnits) expect(() => ClinicalUnitSaveBody.parse(u)).not.toThrow();
    for (const g of catalog.docgroups) for (const c of Object.values(g.docgroupConfig_id)) expect(DocgroupConfig.parse(c)).toEqual(c);
    for (const q of catalog.procedureQuestions)
      expect(() => QuestionSaveBody.parse({ ...q, fk_procedure: [q.fk_procedure] })).not.toThrow();
    for (const r of catalog.rules) for (const t of TREES) if (r[t]) expect(RuleStatement.parse(r[t])).toEqual(r[t]);
  });

  it('gives every unit a base keyword and converts cm to mm and g/L to g/dL', () => {
    for (const u of catalog.clinicalUnits) expect(u.alias.some((a) => a.conversion_unit === 1)).toBe(true);
    const keyword = (unit: string, k: string) =>
      catalog.clinicalUnits.find((u) => u.name === unit)!.alias.find((a) => a.keyword === k)!.conversion_unit;
    expect(keyword('mm', 'cm')).toBe(10);
    expect(keyword('g/dL', 'g/L')).toBe(0.1);
    const numeric = catalog.clinicalAttributes.filter((a) => a.value_type !== 'Text');
    expect(numeric.every((a) => a.number_range && a.number_range.lower_limit! < a.number_range.upper_limit!)).toBe(true);
    expect(catalog.clinicalAttributes.filter((a) => a.value_type === 'Text').every((a) => a.text_possible_values.length > 0)).toBe(true);
  });

  it('has docgroups for existing hospitals and documents', () => {
    for (const g of catalog.docgroups) {
      expect(g.hospital_id.every((id) => catalog.hospitals.some((h) => h.id === id))).toBe(true);
      expect(g.docgroup_id.map(docName).sort()).toEqual(Object.keys(g.docgroupConfig_id).sort());
    }
    const groupOf = (code: string) => {
      const hospital = catalog.hospitals.find((h) => h.hospital_code === code)!;
      return catalog.docgroups.find((g) => g.hospital_id.includes(hospital.id));
    };
    expect(Object.keys(groupOf('HOSP001')!.docgroupConfig_id)).toEqual(['Discharge Summary', 'Final Bill']);
    expect(groupOf('HOSP002')).toBeUndefined();
  });
});

describe('catalog rules', () => {
  it('name only catalog entities, attributes and text values', () => {
    for (const { leaf } of allLeaves) {
      if (leaf.valueToCompare) {
        const attr = catalog.clinicalAttributes.find((a) => a.id === leaf.valueToCompare!.id);
        expect(attr?.name).toBe(leaf.valueToCompare.name);
        if (leaf.operator === 'VALUE_IN' || leaf.operator === 'VALUE_NOT_IN') {
          expect(attr!.value_type).toBe('Text');
          for (const v of leaf.value as string[]) expect(attr!.text_possible_values.map((t) => t.text_value)).toContain(v);
        } else expect(attr!.value_type).toBe('Number');
        continue;
      }
      expect(leaf.valuesToFind!.length).toBeGreaterThan(0);
      for (const v of leaf.valuesToFind!) expect(ENTITY_TABLES[leaf.entityName!].has(v)).toBe(true);
      for (const d of [...(leaf.documentInclusionList ?? []), ...(leaf.documentExclusionList ?? [])])
        expect(ENTITY_TABLES.document.has(d)).toBe(true);
    }
  });

  it('use the operators of the rule builder, nested AND/OR and document lists', () => {
    const operators = new Set(allLeaves.map(({ leaf }) => leaf.operator));
    for (const op of [
      'ANY_OF_N_VALUES_IS_PRESENT',
      'ALL_OF_THE_VALUES_ARE_PRESENT',
      'VALUE_IN_RANGE',
      'VALUE_GREATER_THAN',
      'VALUE_GREATER_THAN_EQUAL_TO',
      'VALUE_LESS_THAN',
      'VALUE_LESS_THAN_EQUAL_TO',
      'VALUE_IN',
    ]) {
      expect(operators).toContain(op);
    }
    expect(allLeaves.some(({ leaf }) => (leaf.numberOfValues ?? 1) > 1)).toBe(true);
    expect(allLeaves.some(({ leaf }) => leaf.documentInclusionList?.length)).toBe(true);
    expect(allLeaves.some(({ leaf }) => leaf.documentExclusionList?.length)).toBe(true);
    const nested = (t: RuleStatement | null): boolean => !!t?.statements?.some((s) => !!s.statements);
    expect(catalog.rules.some((r) => TREES.some((t) => nested(r[t])))).toBe(true);
  });

  it('never require or look only in a document the rule excludes by default', () => {
    for (const { rule, tree, leaf } of allLeaves) {
      const excluded = rule.fk_exc_document.map(docName);
      if (tree === 'documentRule') for (const v of leaf.valuesToFind ?? []) expect(excluded).not.toContain(v);
      for (const d of leaf.documentInclusionList ?? []) expect(excluded).not.toContain(d);
    }
  });

  it('list the ids their trees use', () => {
    for (const r of catalog.rules) {
      const leaves = TREES.flatMap((t) => ruleLeaves(r[t]));
      const docs = leaves.filter((l) => l.entityName === 'document').flatMap((l) => l.valuesToFind!);
      expect(r.fk_document.map(docName).sort()).toEqual([...new Set(docs)].sort());
      const attrs = leaves.filter((l) => l.valueToCompare).map((l) => Number(l.valueToCompare!.id));
      expect([...r.fk_clinical_attribute].sort()).toEqual([...new Set(attrs)].sort());
    }
  });

  it('have one rule per organisation, procedure and case type, with overrides for every insurer and gaps', () => {
    const keys = catalog.rules.map((r) => `${r.org}|${r.procedure_code}|${r.case_type}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const org of ['starhealth', 'maxbupa', 'bajaj', 'ML']) expect(catalog.rules.some((r) => r.org === org)).toBe(true);
    expect(resolveRule(catalog.rules, 'starhealth', 'id002', 'SETTLEMENT')?.org).toBe('starhealth');
    expect(resolveRule(catalog.rules, 'starhealth', 'id003', 'SETTLEMENT')?.org).toBe('vitraya');
    expect(resolveRule(catalog.rules, 'vitraya-demo', 'id002', 'PRE_AUTH')?.org).toBe('vitraya');
    expect(resolveRule(catalog.rules, 'vitraya', 'id009', 'PRE_AUTH')).toBeNull();
    expect(resolveRule(catalog.rules, 'starhealth', 'id010', 'PRE_AUTH')?.org).toBe('starhealth');
    expect(resolveRule(catalog.rules, 'bajaj', 'id025', 'SETTLEMENT')).toBeNull();
  });

  it('have questions for a few procedures', () => {
    expect(new Set(catalog.procedureQuestions.map((q) => q.fk_procedure)).size).toBeGreaterThanOrEqual(3);
  });
});
