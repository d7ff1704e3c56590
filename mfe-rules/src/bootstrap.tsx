import { startStandalone } from '@claims/shared-kernel/standalone';
import RulesRoutes from './routes';

void startStandalone({ name: 'Rules', home: '/rules', links: [{ path: '/rules', title: 'Procedure Protocol' }], routes: <RulesRoutes /> });
