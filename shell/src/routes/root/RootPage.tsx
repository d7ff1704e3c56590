import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@claims/shared-kernel';
import { isFramed } from '../../framing';
import { forgetReturnTo, peekReturnTo } from '../../session/return-to';
import { AuthFailedPage } from '../failed-auth/AuthFailedPage';
import { IframeAuthenticate } from '../iframe-auth/IframeAuthenticate';
import { SignInPage } from '../sign-in/SignInPage';

/** The root, in the order of spec 3 §2.1: handshake, signed in, framed, sign-in. */
export function RootPage() {
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  if (params.has('iframeauthenticate')) return <IframeAuthenticate />;
  if (token) return <ContinueSignedIn />;
  if (isFramed()) return <AuthFailedPage />;
  return <SignInPage />;
}

/** Back to where the guard stopped the visitor, else the claims list. */
function ContinueSignedIn() {
  const [target] = useState(() => peekReturnTo() ?? '/claims');
  useEffect(forgetReturnTo, []);
  return <Navigate to={target} replace />;
}
