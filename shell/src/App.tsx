import { BrowserRouter } from 'react-router-dom';
import { SuiteProviders } from '@claims/shared-kernel';
import { ShellRoutes } from './ShellRoutes';

/** The one router and the one set of providers of the page; remotes render inside them. */
export function ShellApp() {
  return (
    <SuiteProviders>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </SuiteProviders>
  );
}
