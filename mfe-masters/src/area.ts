import { MASTER_KINDS, MASTER_NAVIGATION } from '@claims/shared-kernel/constants';
import type { AreaDeclarationInput } from '@claims/shared-kernel/contract';

/** What the shell learns about this area without loading it (built into dist/area.json). */
export const area = {
  name: 'mfe_masters',
  label: 'Masters',
  segments: [...MASTER_KINDS.filter((master) => master.listed).map((master) => master.module), 'clinicals'],
  sections: [{ id: 'masters', title: 'Masters', order: 20 }],
  navigation: [...MASTER_NAVIGATION],
} satisfies AreaDeclarationInput;
