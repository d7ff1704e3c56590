import { Alert, Button, Form, Input } from '../facades/antd-basics';
import { useState } from 'react';
import { login } from '@claims/shared-kernel';

export const LOGIN_FAILED = 'Login Failed – Invalid username or password. Please try again.';

/** Username and password, both required; a failed or token-less answer shows the spec's text. */
export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={async ({ username, password }: { username: string; password: string }) => {
        setBusy(true);
        setFailed(false);
        const ok = await login(username, password);
        setBusy(false);
        if (ok) onSignedIn?.();
        else setFailed(true);
      }}
    >
      {failed && <Alert type="error" showIcon title={LOGIN_FAILED} style={{ marginBottom: 16 }} />}
      <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Sign in
      </Button>
    </Form>
  );
}
