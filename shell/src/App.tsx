import { BrowserRouter } from 'react-router-dom';
import { ShellRoutes } from './ShellRoutes';

/**
 * The one router of the page; remotes render inside it. The antd theme is set by the signed-in frame
 * (ShellLayout): the screens before sign-in use no antd.
 */
export function ShellApp() {
  return (
    <BrowserRouter>
      <ShellRoutes />
    </BrowserRouter>
  );
}
