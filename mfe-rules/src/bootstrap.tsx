import { startStandalone } from '@claims/shared-kernel/standalone';
import RulesRoutes from './routes';

startStandalone({ name: 'Rules', home: '/rules', links: [{ path: '/rules', title: 'Procedure Protocol' }], routes: <RulesRoutes /> }).catch(
  (error: unknown) => console.error('The Rules area could not start', error),
);
