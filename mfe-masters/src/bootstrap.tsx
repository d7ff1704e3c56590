import { startStandalone } from '@claims/shared-kernel/standalone';
import { area } from './area';
import MastersRoutes from './routes';

startStandalone({
  name: area.label,
  home: '/hospitals',
  links: area.navigation.map(({ path, label }) => ({ path, title: label })),
  routes: <MastersRoutes />,
}).catch((error: unknown) => console.error(`The ${area.label} area could not start`, error));
