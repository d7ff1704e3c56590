import { type AreaDeclarationInput, routeSegments } from '@claims/shared-kernel/contract';
import { ROUTES } from './routes/table';

/** What the shell learns about this area without loading it (built into dist/area.json). */
export const area = {
  name: 'mfe_claims',
  label: 'Claims',
  segments: routeSegments(ROUTES),
  sections: [
    { id: 'work', order: 0 },
    { id: 'annotation', order: 90 },
  ],
  navigation: [
    {
      path: '/dashboard',
      label: 'Dashboard',
      icon: 'DashboardOutlined',
      section: 'work',
      order: 10,
      visibleTo: { organizations: ['provider'], roles: ['super_user'] },
    },
    {
      path: '/claims',
      label: 'Claims to Review',
      icon: 'FileSearchOutlined',
      section: 'work',
      order: 20,
      visibleTo: { organizations: ['provider'] },
    },
    {
      path: '/myQueue',
      label: 'My Queue',
      icon: 'SolutionOutlined',
      section: 'work',
      order: 15,
      // The side navigation is the provider's alone (spec 1 §1); other organisations' reviewers open /myQueue directly.
      visibleTo: { organizations: ['provider'] },
    },
    {
      path: '/reviewSettings',
      label: 'Review Settings',
      icon: 'ControlOutlined',
      section: 'work',
      order: 90,
      visibleTo: { organizations: ['provider'], roles: ['super_user'] },
    },
    {
      path: '/annotation',
      label: 'Annotation',
      icon: 'HighlightOutlined',
      section: 'annotation',
      order: 10,
      visibleTo: { organizations: ['provider'] },
    },
  ],
  highlight: { questions: '/claims' },
} satisfies AreaDeclarationInput;
