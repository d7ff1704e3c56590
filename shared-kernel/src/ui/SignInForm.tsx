import { type FormEvent, useState } from 'react';
import { login } from '@claims/shared-kernel';
import { BasicsRoot, Button, Message, PasswordField, TextField } from './BasicControls';

export const LOGIN_FAILED = 'Login Failed – Invalid username or password. Please try again.';

type Credentials = { username: string; password: string };
type Problems = Partial<Record<keyof Credentials, string>>;

/** Spec 1 §5: login requires username and password (a username of spaces is none). */
function problemOf(field: keyof Credentials, value: string): string | undefined {
  if (field === 'username') return value.trim() ? undefined : 'Enter your username';
  return value ? undefined : 'Enter your password';
}

/**
 * Username and password, both required; a failed or token-less answer shows the spec's text. Plain elements
 * (BasicControls), so the sign-in page loads no antd. A field is checked as it changes and both on submit,
 * as antd's Form did; a submit while the first is under way is ignored.
 */
export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof Credentials) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: problemOf(field, value) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: Problems = { username: problemOf('username', values.username), password: problemOf('password', values.password) };
    setProblems(found);
    if (found.username || found.password) return;
    setBusy(true);
    setFailed(false);
    const ok = await login(values.username, values.password);
    setBusy(false);
    if (ok) onSignedIn?.();
    else setFailed(true);
  };

  return (
    <BasicsRoot>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {failed && <Message style={{ marginBottom: 16 }}>{LOGIN_FAILED}</Message>}
        <TextField
          label="Username"
          value={values.username}
          onChange={change('username')}
          error={problems.username}
          autoComplete="username"
          autoFocus
          required
        />
        <PasswordField
          label="Password"
          value={values.password}
          onChange={change('password')}
          error={problems.password}
          autoComplete="current-password"
          required
        />
        <Button type="submit" primary block busy={busy}>
          Sign in
        </Button>
      </form>
    </BasicsRoot>
  );
}
