import { type AreaDeclarationInput, routeSegments } from '@claims/shared-kernel/contract';
import { ROUTES } from './routes/table';

/** What the shell learns about this area without loading it (built into dist/area.json). */
export const area = {
  name: 'mfe_rules',
  label: 'Rules',
  segments: routeSegments(ROUTES),
  sections: [{ id: 'rules', title: 'Rules', order: 30 }],
  navigation: [
    {
      path: '/rules',
      label: 'Procedure Protocol',
      icon: 'PartitionOutlined',
      section: 'rules',
      order: 10,
      visibleTo: { organizations: ['provider'] },
    },
    {
      path: '/procedureQuestions',
      label: 'Procedure Questions',
      icon: 'QuestionCircleOutlined',
      section: 'rules',
      order: 20,
      visibleTo: { organizations: ['provider'] },
    },
  ],
} satisfies AreaDeclarationInput;
