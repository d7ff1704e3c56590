import { Col, Flex, Row, Segmented, Typography } from '@claims/shared-kernel/antd/basics';
import { useSearchParams } from 'react-router-dom';
import { SignInForm } from '@claims/shared-kernel/ui/basics';
import { DemoVideo } from './DemoVideo';
import { SignUpForm } from './SignUpForm';

type Mode = 'signin' | 'signup';

/** antd Card's look without Card, whose tabs and menus the sign-in page would otherwise download. */
const PANEL = {
  width: 'min(960px, 100%)',
  padding: 24,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 1px 2px rgba(0, 0, 0, 0.03), 0 2px 6px rgba(0, 0, 0, 0.04)',
} as const;
const MODES: { label: string; value: Mode }[] = [
  { label: 'Sign in', value: 'signin' },
  { label: 'Sign up', value: 'signup' },
];

/**
 * The root for a visitor: the product video and the sign-in form, with a switch to sign-up
 * (?signup opens it directly). Signing in updates the session; the root then moves on.
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.has('signup') ? 'signup' : 'signin';
  const show = (next: Mode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'signup') updated.set('signup', '');
        else updated.delete('signup');
        return updated;
      },
      { replace: true },
    );

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 24, background: '#f0f2f5' }}>
      <section style={PANEL}>
        <Row gutter={[32, 24]} align="middle">
          <Col xs={24} md={14}>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              Claims Verification
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              Automated verification of health-insurance claims, with the evidence for every finding.
            </Typography.Paragraph>
            <DemoVideo />
          </Col>
          <Col xs={24} md={10}>
            <Segmented<Mode> block options={MODES} value={mode} onChange={show} style={{ marginBottom: 24 }} />
            {mode === 'signin' ? <SignInForm /> : <SignUpForm onBackToSignIn={() => show('signin')} />}
          </Col>
        </Row>
      </section>
    </Flex>
  );
}
