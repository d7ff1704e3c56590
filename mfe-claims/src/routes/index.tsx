import { RemoteRoutes } from '@claims/shared-kernel/ui';
import { ROUTES } from './table';

/** The claims area, exposed as mfe_claims/Routes; paths are relative to the root (the shell renders it under a splat). */
export default function ClaimsRoutes() {
  return <RemoteRoutes routes={ROUTES} />;
}
