import { startStandalone } from '@claims/shared-kernel/standalone';
import MastersRoutes from './routes';
import { KEYWORD_MASTERS } from './routes/keywords/keywordScreens';

void startStandalone({
  name: 'Masters',
  home: '/hospitals',
  links: [{ path: '/hospitals', title: 'Hospitals' }, ...KEYWORD_MASTERS.map((m) => ({ path: `/${m.module}`, title: m.title }))],
  routes: <MastersRoutes />,
});
