import { ENTITY_GROUPS } from '@claims/shared-kernel/contract';
import { absent, claimOf, evidence, found, procedure, SUMMARY } from '../../testing/claimBuilder';
import {
  claimRuleVersion,
  DISPLAYED_GROUPS,
  groupViews,
  itemPlace,
  itemText,
  noDocumentHint,
  procedureLabel,
  procedureNameOf,
  procedureOrder,
  QUERY_WITHOUT_REASON,
  reasonSegments,
  reasonText,
  resultDisplay,
} from './display';

describe('resultDisplay and reasonText', () => {
  it('shows PASS for ACCEPTED, FAIL for REJECTED and QUERY, SUSPENDED as it is', () => {
    expect(resultDisplay('ACCEPTED')).toEqual({ label: 'PASS', tone: 'pass' });
    expect(resultDisplay('REJECTED')).toEqual({ label: 'FAIL', tone: 'fail' });
    expect(resultDisplay('QUERY')).toEqual({ label: 'FAIL', tone: 'fail' });
    expect(resultDisplay('SUSPENDED')).toEqual({ label: 'SUSPENDED', tone: 'suspended' });
    expect(resultDisplay(null)).toEqual({ label: 'Not verified yet', tone: 'none' });
  });

  it('adds the missing-documents sentence to a QUERY without a reason only', () => {
    expect(reasonText('QUERY', null)).toBe(QUERY_WITHOUT_REASON);
    expect(reasonText('QUERY', ' ')).toBe('Required documents not found.');
    expect(reasonText('QUERY', 'Required Document not found: Discharge Summary')).toBe('Required Document not found: Discharge Summary');
    expect(reasonText('REJECTED', null)).toBeNull();
    expect(reasonText('ACCEPTED', null)).toBeNull();
  });
});

describe('reasonSegments', () => {
  it('marks the parts of a reason that speak of fraud, and suspicious fraud case apart', () => {
    expect(reasonSegments('Diagnosis not found: any 1 of Cataract; Fraud markers found: overwritten, suspicious fraud case')).toEqual([
      { text: 'Diagnosis not found: any 1 of Cataract; ', tone: 'plain' },
      { text: 'Fraud markers found: overwritten, ', tone: 'fraud' },
      { text: 'suspicious fraud case', tone: 'suspicious' },
    ]);
  });

  it('keeps a reason without fraud whole', () => {
    expect(reasonSegments('Required Document not found: Discharge Summary')).toEqual([
      { text: 'Required Document not found: Discharge Summary', tone: 'plain' },
    ]);
  });

  it('finds suspicious fraud case in any case, with fraud text after it', () => {
    expect(reasonSegments('Suspicious Fraud Case noted; tampered bill')).toEqual([
      { text: 'Suspicious Fraud Case', tone: 'suspicious' },
      { text: ' noted; ', tone: 'fraud' },
      { text: 'tampered bill', tone: 'plain' },
    ]);
  });
});

describe('procedure naming', () => {
  const claim = claimOf({
    procedureCodes: ['OPH001', 'GYN010'],
    procedureName: ['Cataract surgery with IOL implantation', 'Hysterectomy'],
  });

  it("reads the procedure's name beside its code, the code when there is none", () => {
    expect(procedureNameOf(claim, 'GYN010')).toBe('Hysterectomy');
    expect(procedureNameOf(claim, 'ENT404')).toBe('ENT404');
  });

  it('shows the provider code and name, others the name with the case type, shortened past 17 characters', () => {
    expect(procedureLabel('OPH001', 'Cataract surgery with IOL implantation', 'PRE_AUTH', true)).toBe('OPH001 - Cataract surger...');
    expect(procedureLabel('OPH001', 'Cataract surgery with IOL implantation', 'PRE_AUTH', false)).toBe('Cataract surger... (Preauth)');
    expect(procedureLabel('GYN010', 'Hysterectomy', 'SETTLEMENT', false)).toBe('Hysterectomy (Settlement)');
    // 17 characters stay whole; 18 are cut to 15.
    expect(procedureLabel('X', 'Abcdefghijklmnopq', 'SETTLEMENT', true)).toBe('X - Abcdefghijklmnopq');
    expect(procedureLabel('X', 'Abcdefghijklmnopqr', 'SETTLEMENT', true)).toBe('X - Abcdefghijklmno...');
  });

  it("orders the panels by the claim's codes, then any other judged code", () => {
    const details = { GYN010: procedure('REJECTED'), ENT404: procedure('QUERY'), OPH001: procedure('ACCEPTED') };
    expect(procedureOrder({ procedureCodes: ['OPH001', 'GYN010'], adjudicationDetails: details })).toEqual(['OPH001', 'GYN010', 'ENT404']);
    expect(procedureOrder({ procedureCodes: ['OPH001'], adjudicationDetails: null })).toEqual([]);
  });
});

describe('groupViews', () => {
  it("shows the contract's entity groups in its order", () => {
    expect(DISPLAYED_GROUPS).toEqual(ENTITY_GROUPS);
  });

  const verification = procedure('REJECTED', {
    diagnoses: [absent('Glaucoma'), found('Senile cataract', evidence(SUMMARY, 2))],
    evidence: [absent('A-scan')],
    drug: [],
  });

  it('splits found and absent items, keeping their indexes, green when something was found and red otherwise', () => {
    const views = groupViews(verification, 'REJECTED');
    expect(views.map((v) => v.group)).toEqual(ENTITY_GROUPS);
    const diagnoses = views.find((v) => v.group === 'diagnoses')!;
    expect(diagnoses.found.map((f) => [f.item.name, f.index])).toEqual([['Senile cataract', 1]]);
    expect(diagnoses.absent.map((f) => [f.item.name, f.index])).toEqual([['Glaucoma', 0]]);
    expect(diagnoses).toMatchObject({ tone: 'green', showAbsent: true });
    expect(views.find((v) => v.group === 'evidence')).toMatchObject({ tone: 'red' });
    expect(views.find((v) => v.group === 'drug')).toMatchObject({ tone: 'red', found: [], absent: [] });
  });

  it('is green throughout for an accepted procedure', () => {
    const accepted = { ...verification, adjudicationResult: 'ACCEPTED' as const };
    expect(groupViews(accepted, 'REJECTED').every((v) => v.tone === 'green')).toBe(true);
  });

  it('hides groups without found items and the Absent lists when the claim is ACCEPTED', () => {
    const views = groupViews(verification, 'ACCEPTED');
    expect(views.map((v) => v.group)).toEqual(['procedures', 'diagnoses', 'document']);
    expect(views.every((v) => !v.showAbsent)).toBe(true);
  });
});

describe('claimRuleVersion', () => {
  it('is the one version every procedure was verified against, else null', () => {
    expect(claimRuleVersion({ A: procedure('ACCEPTED'), B: procedure('REJECTED') })).toBe(3);
    expect(claimRuleVersion({ A: procedure('ACCEPTED'), B: procedure('REJECTED', { ruleVersion: 4 }) })).toBeNull();
    expect(claimRuleVersion({ A: procedure('QUERY', { ruleVersion: null }) })).toBeNull();
    expect(claimRuleVersion(null)).toBeNull();
  });
});

describe('found items', () => {
  it('shows clinical attributes with the value and unit found, diagnoses with their ICD code', () => {
    expect(itemText('clinicalAttribute', found('Haemoglobin', null, { valueFound: 9.1, unitFound: 'g/dL' }))).toBe('Haemoglobin: 9.1 g/dL');
    expect(itemText('clinicalAttribute', found('Blood group', null, { valueFound: 'B+' }))).toBe('Blood group: B+');
    expect(itemText('clinicalAttribute', found('Axial length', null))).toBe('Axial length');
    expect(itemText('diagnoses', found('Senile cataract', null, { ICD_code: 'H25.9' }))).toBe('Senile cataract (H25.9)');
  });

  it('says where an item was found, naming the document when there are several', () => {
    const item = found('A-scan', evidence(SUMMARY, 5));
    expect(itemPlace(item, false)).toBe('page 5');
    expect(itemPlace(item, true)).toBe('page 5 of discharge_summary.pdf');
    expect(itemPlace(found('A-scan', null), true)).toBeNull();
  });

  it('explains why an item without a document opens nothing', () => {
    expect(noDocumentHint(found('IOL power', null, { referenceToDocument: 'Confirmed finding' }))).toBe(
      'Found without a document to show (Confirmed finding)',
    );
    expect(noDocumentHint(found('IOL power', null))).toBe('Found without a document to show');
  });
});
