import { absent, claimOf, evidence, found, procedure, SUMMARY } from '../../testing/claimBuilder';
import { hasChanges, verificationChanges } from './changes';

const at = evidence(SUMMARY, 2);

describe('verificationChanges', () => {
  it('is null before the first re-run', () => {
    expect(verificationChanges(claimOf())).toBeNull();
  });

  it('lists the results that flipped and the items found or lost per procedure and entity group', () => {
    const claim = claimOf({
      adjudicationResult: 'ACCEPTED',
      procedureCodes: ['OPH001', 'GYN010'],
      adjudicationDetails: {
        OPH001: procedure('ACCEPTED', {
          diagnoses: [found('Senile cataract', at), found('Myopia', at)],
          document: [found('Discharge Summary', at)],
        }),
        GYN010: procedure('REJECTED', { diagnoses: [absent('Fibroid')] }),
      },
      previousVerification: {
        adjudicationResult: 'QUERY',
        lastVerifiedOn: '2026-03-10T06:00:00Z',
        adjudicationDetails: {
          OPH001: procedure('QUERY', {
            // The same entity under another spelling of its name counts as the same.
            diagnoses: [found('senile cataract ', at, { standardName: 'Senile Cataract' }), found('Glaucoma', at)],
            document: [absent('Discharge Summary')],
          }),
          GYN010: procedure('REJECTED', { diagnoses: [absent('Fibroid')] }),
        },
      },
    });
    expect(verificationChanges(claim)).toEqual({
      previousVerifiedOn: '2026-03-10T06:00:00Z',
      claim: { before: 'QUERY', after: 'ACCEPTED' },
      procedures: [{ code: 'OPH001', before: 'QUERY', after: 'ACCEPTED' }],
      groups: [
        { code: 'OPH001', group: 'diagnoses', found: ['Myopia'], lost: ['Glaucoma'] },
        { code: 'OPH001', group: 'document', found: ['Discharge Summary'], lost: [] },
      ],
    });
  });

  it('tells a procedure judged only once, and says when nothing changed', () => {
    const first = procedure('REJECTED');
    const added = claimOf({
      adjudicationResult: 'REJECTED',
      adjudicationDetails: { OPH001: first, ENT404: procedure('QUERY', { procedures: [], diagnoses: [], document: [] }) },
      previousVerification: { adjudicationResult: 'REJECTED', lastVerifiedOn: null, adjudicationDetails: { OPH001: first } },
    });
    const changes = verificationChanges(added)!;
    expect(changes.claim).toBeNull();
    expect(changes.procedures).toEqual([{ code: 'ENT404', before: null, after: 'QUERY' }]);
    expect(changes.groups).toEqual([]);
    expect(hasChanges(changes)).toBe(true);

    const same = claimOf({
      adjudicationDetails: { OPH001: first },
      adjudicationResult: 'REJECTED',
      previousVerification: { adjudicationResult: 'REJECTED', lastVerifiedOn: null, adjudicationDetails: { OPH001: first } },
    });
    expect(hasChanges(verificationChanges(same)!)).toBe(false);
  });
});
