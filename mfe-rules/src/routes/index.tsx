import { RemoteRoutes } from '@claims/shared-kernel/ui';
import { ROUTES } from './table';

/** The procedure protocol screens, exposed as mfe_rules/Routes; paths are relative to the root. */
export default function RulesRoutes() {
  return <RemoteRoutes routes={ROUTES} />;
}
