import { RemoteRoutes } from '@claims/shared-kernel/ui';
import { ROUTES } from './table';

/** The master-data screens, exposed as mfe_masters/Routes; paths are relative to the root. */
export default function MastersRoutes() {
  return <RemoteRoutes routes={ROUTES} />;
}
