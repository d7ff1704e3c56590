import { BrowserRouter } from 'react-router-dom';
import { SuiteTheme } from '@claims/shared-kernel/ui/basics';
import { ShellRoutes } from './ShellRoutes';

/** The one router and the one theme of the page; remotes render inside them. */
export function ShellApp() {
  return (
    <SuiteTheme>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </SuiteTheme>
  );
}
