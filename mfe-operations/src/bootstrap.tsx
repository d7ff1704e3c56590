import { startStandalone } from '@claims/shared-kernel/standalone';
import OperationsRoutes from './routes';

startStandalone({
  name: 'Operations',
  home: '/uploadsDownloads',
  links: [{ path: '/uploadsDownloads', title: 'Uploads and Downloads' }],
  routes: <OperationsRoutes />,
}).catch((error: unknown) => console.error('The Operations area could not start', error));
