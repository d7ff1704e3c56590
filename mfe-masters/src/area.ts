import { MASTER_KINDS, type MasterModule } from '@claims/shared-kernel/constants';
import type { AreaDeclarationInput, NavAudience } from '@claims/shared-kernel/contract';

const ICONS: Record<MasterModule, string> = {
  procedures: 'MedicineBoxOutlined',
  procedureGroup: 'AppstoreOutlined',
  diagnoses: 'SolutionOutlined',
  tissues: 'ExperimentOutlined',
  drugs: 'ProductOutlined',
  document: 'FileTextOutlined',
  evidence: 'SafetyCertificateOutlined',
  preExistingDiseases: 'FileTextOutlined',
  hospitals: 'BankOutlined',
  docgroups: 'FolderOpenOutlined',
  clinicalAttribute: 'ControlOutlined',
  clinicalUnit: 'CalculatorOutlined',
};

/** The masters whose screens send anyone but a super user away (spec 2 §6, spec 3 §8): not offered to others. */
const SUPER_USER_ONLY = new Set<MasterModule>(['hospitals', 'docgroups', 'clinicalAttribute']);

const LISTED = MASTER_KINDS.filter((master) => master.listed);

const audience = (module: MasterModule): NavAudience =>
  SUPER_USER_ONLY.has(module) ? { organizations: ['provider'], roles: ['super_user'] } : { organizations: ['provider'] };

/** What the shell learns about this area without loading it (built into dist/area.json). */
export const area = {
  name: 'mfe_masters',
  label: 'Masters',
  segments: [...LISTED.map((master) => master.module), 'clinicals'],
  sections: [{ id: 'masters', title: 'Masters', order: 20 }],
  navigation: LISTED.map((master, index) => ({
    path: `/${master.module}`,
    label: master.title,
    icon: ICONS[master.module],
    section: 'masters',
    order: (index + 1) * 10,
    visibleTo: audience(master.module),
  })),
} satisfies AreaDeclarationInput;
