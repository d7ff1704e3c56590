import { startStandalone } from '@claims/shared-kernel/standalone';
import { area } from './area';
import RulesRoutes from './routes';

startStandalone({
  name: area.label,
  home: '/rules',
  links: area.navigation.map(({ path, label }) => ({ path, title: label })),
  routes: <RulesRoutes />,
}).catch((error: unknown) => console.error(`The ${area.label} area could not start`, error));
