/** The masters the rule builder offers, as `useBuilderMasters` reads them (tests only). */
import type { BuilderMasters } from '../components/rule-builder/useBuilderMasters';

export const MASTERS: BuilderMasters = {
  entities: {
    procedures: [{ id: 3, name: 'Cataract Surgery' }],
    diagnoses: [
      { id: 11, name: 'Cataract' },
      { id: 12, name: 'Glaucoma' },
      { id: 13, name: 'Senile Cataract' },
    ],
    evidence: [{ id: 21, name: 'A-scan biometry' }],
    drugs: [{ id: 31, name: 'Moxifloxacin' }],
    tissues: [{ id: 41, name: 'Lens' }],
    document: [
      { id: 51, name: 'Discharge Summary' },
      { id: 52, name: 'Final Bill' },
    ],
    clinicalattribute: [{ id: 61, name: 'Axial Length' }],
  },
  clinicalAttributes: [
    { id: 61, name: 'Axial Length' },
    { id: 62, name: 'Haemoglobin' },
  ],
};
