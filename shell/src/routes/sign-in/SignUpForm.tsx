import { Alert, Button, Form, Input } from '@claims/shared-kernel/antd/basics';
import { useState } from 'react';
import { signup } from '@claims/shared-kernel';
import { Notice } from '../../components/Notice';
import { isSignupReady, SIGNUP_FIELDS, signupFieldError, type SignupValues } from './signup-validation';

export const SIGNUP_THANKS = 'Thank you for signing up. Our team will reach out to you by e-mail.';

const AUTOCOMPLETE: Record<keyof SignupValues, string> = { name: 'name', organization: 'organization', email: 'email' };

/** Marketing sign-up: name, organization, email; POST /marketing/signup. */
export function SignUpForm({ onBackToSignIn }: { onBackToSignIn: () => void }) {
  const [form] = Form.useForm<SignupValues>();
  const values = Form.useWatch([], form) as Partial<SignupValues> | undefined;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (submitted: SignupValues) => {
    setBusy(true);
    setFailure(null);
    try {
      await signup({
        name: submitted.name.trim(),
        organization: submitted.organization.trim(),
        email: submitted.email.trim(),
      });
      form.resetFields();
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
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {SIGNUP_FIELDS.map(({ key, label }) => (
        <Form.Item
          key={key}
          name={key}
          label={label}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const message = signupFieldError(key, value);
                return message ? Promise.reject(new Error(message)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input autoComplete={AUTOCOMPLETE[key]} inputMode={key === 'email' ? 'email' : undefined} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" block loading={busy} disabled={!isSignupReady(values)}>
        Sign up
      </Button>
    </Form>
  );
}
