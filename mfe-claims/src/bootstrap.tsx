import { startStandalone } from '@claims/shared-kernel/standalone';
import ClaimsRoutes from './routes';

startStandalone({
  name: 'Claims',
  home: '/claims',
  links: [
    { path: '/claims', title: 'Claims to Review' },
    { path: '/dashboard', title: 'Dashboard' },
  ],
  routes: <ClaimsRoutes />,
}).catch((error: unknown) => console.error('The Claims area could not start', error));
