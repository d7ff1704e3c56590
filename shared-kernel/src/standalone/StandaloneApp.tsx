import { Button, Card, Flex, Layout, Result, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { loadRuntimeConfig, logout, useSession } from '@claims/shared-kernel';
import { RefusalNotice } from '@claims/shared-kernel/ui';
import { basicsColors, SignInForm } from '../ui/basics';
import { SuiteProviders } from './SuiteProviders';

export const NOT_FOUND_TEXT = "We're sorry, the page you have requested is not found. Please go back to the homepage and login again.";

export interface StandaloneOptions {
  /** The area's name in the frame's header: 'Claims', 'Masters', ... */
  name: string;
  /** Where the root sends a signed-in developer, e.g. '/claims'. */
  home: string;
  /** The area's screens, for the header's links. */
  links?: { path: string; title: string }[];
  /** The remote's exposed routes (paths relative to the root, as inside the shell). */
  routes: ReactNode;
}

function StandaloneNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      subTitle={NOT_FOUND_TEXT}
      extra={
        <Button type="primary" onClick={() => void logout().then(() => navigate('/', { replace: true }))}>
          Return to HomePage
        </Button>
      }
    />
  );
}

/**
 * The frame a remote runs in when a developer starts it alone: the router, the providers, a sign-in
 * while no session exists, a header with the area's links, and the two pages the shell otherwise owns
 * (the root and /pageNotFound), so the remote's catch-all never redirects into itself.
 */
export function StandaloneApp({ name, home, links = [], routes }: StandaloneOptions) {
  const user = useSession((s) => s.user);
  const { token } = theme.useToken();
  return (
    <SuiteProviders>
      <BrowserRouter>
        {!user ? (
          <Flex justify="center" align="center" style={{ minHeight: '100vh', background: basicsColors.bgLayout }}>
            <Card style={{ width: 360 }} title={<Typography.Text strong>{`${name} (standalone)`}</Typography.Text>}>
              <SignInForm />
            </Card>
          </Flex>
        ) : (
          <Layout style={{ minHeight: '100vh' }}>
            <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
              <Typography.Text strong style={{ color: token.colorTextLightSolid }}>{`${name} (standalone)`}</Typography.Text>
              {links.map(({ path, title }) => (
                <Link key={path} to={path}>
                  {title}
                </Link>
              ))}
              <Flex flex={1} justify="end" gap={8} align="center">
                <Typography.Text style={{ color: token.colorTextLightSolid }}>{user}</Typography.Text>
                <Button size="small" onClick={() => void logout()}>
                  Sign out
                </Button>
              </Flex>
            </Layout.Header>
            <Layout.Content style={{ padding: 24 }}>
              <RefusalNotice />
              <Routes>
                <Route index element={<Navigate to={home} replace />} />
                <Route path="pageNotFound" element={<StandaloneNotFound />} />
                <Route path="*" element={routes} />
              </Routes>
            </Layout.Content>
          </Layout>
        )}
      </BrowserRouter>
    </SuiteProviders>
  );
}

/** A remote's bootstrap.tsx in one call: read runtime-config.json, then render the standalone frame. */
export async function startStandalone(options: StandaloneOptions): Promise<void> {
  await loadRuntimeConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<StandaloneApp {...options} />);
}
