import { startStandalone } from '@claims/shared-kernel/standalone';
import OperationsRoutes from './routes';

void startStandalone({
  name: 'Operations',
  home: '/uploadsDownloads',
  links: [{ path: '/uploadsDownloads', title: 'Uploads and Downloads' }],
  routes: <OperationsRoutes />,
});
