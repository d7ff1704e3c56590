import { startStandalone } from '@claims/shared-kernel/standalone';
import { area } from './area';
import ClaimsRoutes from './routes';

startStandalone({
  name: area.label,
  home: '/claims',
  links: area.navigation.map(({ path, label }) => ({ path, title: label })),
  routes: <ClaimsRoutes />,
}).catch((error: unknown) => console.error(`The ${area.label} area could not start`, error));
