import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@claims/shared-kernel';
import { isFramed } from '../../framing';
import { forgetReturnTo, peekReturnTo } from '../../session/return-to';
import { AuthFailedScreen } from '../failed-auth/AuthFailedScreen';
import { IframeAuthenticateScreen } from '../iframe-auth/IframeAuthenticateScreen';
import { SignInScreen } from '../sign-in/SignInScreen';

/** The root, in the order of spec 3 §2.1: handshake, signed in, framed, sign-in. */
export function RootScreen() {
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  if (params.has('iframeauthenticate')) return <IframeAuthenticateScreen />;
  if (token) return <ContinueSignedIn />;
  if (isFramed()) return <AuthFailedScreen />;
  return <SignInScreen />;
}

/** Back to where the guard stopped the visitor, else the claims list. */
function ContinueSignedIn() {
  const [target] = useState(() => peekReturnTo() ?? '/claims');
  useEffect(forgetReturnTo, []);
  return <Navigate to={target} replace />;
}
