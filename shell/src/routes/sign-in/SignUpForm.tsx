import { Button, Message, TextField } from '@claims/shared-kernel/ui/basics';
import { type FormEvent, useState } from 'react';
import { signup } from '@claims/shared-kernel';
import { Notice } from '../../components/Notice';
import { isSignupReady, SIGNUP_FIELDS, type SignupField, signupFieldError, type SignupValues } from './signup-validation';

export const SIGNUP_THANKS = 'Thank you for signing up. Our team will reach out to you by e-mail.';

const AUTOCOMPLETE: Record<keyof SignupValues, string> = { name: 'name', organization: 'organization', email: 'email' };
const EMPTY: SignupValues = { name: '', organization: '', email: '' };

/**
 * Marketing sign-up: name, organization, email; POST /marketing/signup. A field shows its message once it
 * has been changed (spec 1 §5: checked as the visitor types); the button waits until every field is valid.
 */
export function SignUpForm({ onBackToSignIn }: { onBackToSignIn: () => void }) {
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [changed, setChanged] = useState<Partial<Record<SignupField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const change = (field: SignupField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => ({ ...current, [field]: true }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!isSignupReady(values)) {
      setChanged({ name: true, organization: true, email: true });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await signup({
        name: values.name.trim(),
        organization: values.organization.trim(),
        email: values.email.trim(),
      });
      setValues(EMPTY);
      setChanged({});
      setDone(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return <Notice status="success" title={SIGNUP_THANKS} action={<Button onClick={onBackToSignIn}>Back to sign in</Button>} />;
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {failure && <Message style={{ marginBottom: 16 }}>{failure}</Message>}
      {SIGNUP_FIELDS.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          value={values[key]}
          onChange={change(key)}
          error={changed[key] ? signupFieldError(key, values[key]) : null}
          autoComplete={AUTOCOMPLETE[key]}
          inputMode={key === 'email' ? 'email' : undefined}
        />
      ))}
      <Button type="submit" primary block busy={busy} disabled={!isSignupReady(values)}>
        Sign up
      </Button>
    </form>
  );
}
