import { startStandalone } from '@claims/shared-kernel/standalone';
import { area } from './area';
import OperationsRoutes from './routes';

startStandalone({
  name: area.label,
  home: '/uploadsDownloads',
  links: area.navigation.map(({ path, label }) => ({ path, title: label })),
  routes: <OperationsRoutes />,
}).catch((error: unknown) => console.error(`The ${area.label} area could not start`, error));
