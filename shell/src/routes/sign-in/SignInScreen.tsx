import { BasicsRoot, basicsColors, ModeSwitch, Paragraph, SignInForm, Title } from '@claims/shared-kernel/ui/basics';
import { useSearchParams } from 'react-router-dom';
import { DemoVideo } from './DemoVideo';
import { SignUpForm } from './SignUpForm';

type Mode = 'signin' | 'signup';

/** antd Card's look, and its Row/Col grid (14/10 from md up, stacked below), in plain CSS. */
const PAGE_CSS = `
.sign-in-panel{width:min(960px,100%);padding:24px;background:${basicsColors.bgContainer};border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.03),0 2px 6px rgba(0,0,0,.04)}
.sign-in-columns{display:grid;grid-template-columns:minmax(0,1fr);gap:24px 32px;align-items:center}
@media (min-width:768px){.sign-in-columns{grid-template-columns:minmax(0,14fr) minmax(0,10fr)}}
`;
const MODES: { label: string; value: Mode }[] = [
  { label: 'Sign in', value: 'signin' },
  { label: 'Sign up', value: 'signup' },
];

/**
 * The root for a visitor: the product video and the sign-in form, with a switch to sign-up
 * (?signup opens it directly). Signing in updates the session; the root then moves on. Plain elements
 * only: the page loads no antd.
 */
export function SignInScreen() {
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
    <BasicsRoot
      style={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        minHeight: '100vh',
        padding: 24,
        background: basicsColors.bgLayout,
      }}
    >
      <style href="claims-sign-in-page" precedence="default">
        {PAGE_CSS}
      </style>
      <section className="sign-in-panel">
        <div className="sign-in-columns">
          <div>
            <Title style={{ marginTop: 0 }}>Claims Verification</Title>
            <Paragraph secondary>Automated verification of health-insurance claims, with the evidence for every finding.</Paragraph>
            <DemoVideo />
          </div>
          <div>
            <ModeSwitch<Mode> options={MODES} value={mode} onChange={show} style={{ marginBottom: 24 }} />
            {mode === 'signin' ? <SignInForm /> : <SignUpForm onBackToSignIn={() => show('signin')} />}
          </div>
        </div>
      </section>
    </BasicsRoot>
  );
}
