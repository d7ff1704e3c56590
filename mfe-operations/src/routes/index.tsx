import { RemoteRoutes } from '@claims/shared-kernel/ui';
import { ROUTES } from './table';

/** The operations remote's screens, exposed as mfe_operations/Routes; paths are relative to the root. */
export default function OperationsRoutes() {
  return <RemoteRoutes routes={ROUTES} />;
}
