import { renderScreen } from '@claims/shared-kernel/testing';
import { useLocation } from 'react-router-dom';
import { ShellRoutes } from '../ShellRoutes';

/** Shows the router's location so tests can assert where the shell went. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function renderShell(route: string) {
  return renderScreen(
    <>
      <ShellRoutes />
      <LocationProbe />
    </>,
    route,
  );
}
