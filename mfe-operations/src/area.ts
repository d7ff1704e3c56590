import { type AreaDeclarationInput, routeSegments } from '@claims/shared-kernel/contract';
import { ROUTES } from './routes/table';

/** What the shell learns about this area without loading it (built into dist/area.json). */
export const area = {
  name: 'mfe_operations',
  label: 'Operations',
  segments: routeSegments(ROUTES),
  sections: [{ id: 'work', order: 0 }],
  navigation: [
    {
      path: '/uploadsDownloads',
      label: 'Uploads and Downloads',
      icon: 'CloudSyncOutlined',
      section: 'work',
      order: 30,
      visibleTo: { organizations: ['provider'], roles: ['super_user'] },
    },
  ],
} satisfies AreaDeclarationInput;
