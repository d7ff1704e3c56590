/**
 * Stand-in for '@module-federation/enhanced/runtime' in component tests: each remote's Routes is a
 * component naming the remote and the path it was given, unless a test makes loadRemote do
 * something else. Use: jest.mock('@module-federation/enhanced/runtime', () => require('<this file>')).
 */
import { useLocation } from 'react-router-dom';

function FakeAreaRoutes({ remote }: { remote: string }) {
  const { pathname } = useLocation();
  return <p>{`${remote} renders ${pathname}`}</p>;
}

export const mockInstance = {
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadShare: jest.fn(async () => () => ({})),
  loadRemote: jest.fn(async (id: string) => {
    const remote = id.split('/')[0];
    return { default: () => <FakeAreaRoutes remote={remote} /> };
  }),
};

export const registerGlobalPlugins = jest.fn();
export const getInstance = () => mockInstance;
export const init = () => mockInstance;
