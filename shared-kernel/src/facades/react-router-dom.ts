/**
 * What 'react-router-dom' means in the suite's code: the declarative router pieces it uses (the
 * bundlers alias it to this file, and Module Federation shares this module as the 'react-router-dom'
 * singleton). Shared whole, react-router would bring its data router, server rendering and cookie
 * code to every page. TypeScript reads 'react-router-dom' as this file too (tsconfig paths), so using
 * an export that is not listed fails the typecheck; add it here. Every type is available as it is.
 */
export type * from 'react-router';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
