import { MASTER_NAVIGATION } from '@claims/shared-kernel/constants';
import { type AreaDeclarationInput, routeSegments } from '@claims/shared-kernel/contract';
import { ROUTES } from './routes/table';

/** What the shell learns about this area without loading it (built into dist/area.json). */
export const area = {
  name: 'mfe_masters',
  label: 'Masters',
  segments: routeSegments(ROUTES),
  sections: [{ id: 'masters', title: 'Masters', order: 20 }],
  navigation: [...MASTER_NAVIGATION],
} satisfies AreaDeclarationInput;
