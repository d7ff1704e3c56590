import { startStandalone } from '@claims/shared-kernel/standalone';
import MastersRoutes from './routes';
import { KEYWORD_MASTERS } from './routes/keywords/keywordScreens';

startStandalone({
  name: 'Masters',
  home: '/hospitals',
  links: [{ path: '/hospitals', title: 'Hospitals' }, ...KEYWORD_MASTERS.map((m) => ({ path: `/${m.module}`, title: m.title }))],
  routes: <MastersRoutes />,
}).catch((error: unknown) => console.error('The Masters area could not start', error));
