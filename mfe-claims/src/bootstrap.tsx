import { startStandalone } from '@claims/shared-kernel/standalone';
import ClaimsRoutes from './routes';

void startStandalone({
  name: 'Claims',
  home: '/claims',
  links: [
    { path: '/claims', title: 'Claims to Review' },
    { path: '/dashboard', title: 'Dashboard' },
  ],
  routes: <ClaimsRoutes />,
});
