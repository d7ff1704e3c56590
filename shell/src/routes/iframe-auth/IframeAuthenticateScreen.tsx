import { BasicsRoot, Spinner, Title } from '@claims/shared-kernel/ui/basics';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getRuntimeConfig, signIn, whoIs } from '@claims/shared-kernel';
import { isFramed } from '../../framing';
import { readParentMessage } from './parent-message';

export const AUTHENTICATING_TEXT = 'Authenticating User ...';
export const READY_MESSAGE = { type: 'claims-shell-ready' } as const;

/**
 * The iframe sign-in: the embedding page posts {access_token, user, organization, claimId}. It counts
 * only from an allow-listed origin (exact match), in the expected shape, with a token the api
 * confirms belongs to that user and organization; anything else ends on /failedauth. The token
 * travels only in the message and the session, never in a URL.
 */
export function IframeAuthenticateScreen() {
  const navigate = useNavigate();

  useEffect(() => {
    const { parentOrigins, iframeAuthTimeoutMs } = getRuntimeConfig();
    let finished = false;
    let verifying = false;
    let timer: number | undefined;

    const stopListening = () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
    const finish = (target: string) => {
      if (finished) return;
      finished = true;
      stopListening();
      void navigate(target, { replace: true });
    };
    const fail = (reason: string) => {
      console.error(`Iframe sign-in failed: ${reason}`);
      finish('/failedauth');
    };

    function onMessage(event: MessageEvent) {
      // Only the embedding window speaks here; other frames and extensions are not a sign-in attempt.
      if (finished || verifying || event.source !== window.parent) return;
      if (!parentOrigins.includes(event.origin)) return fail(`a message came from ${event.origin}, which is not allowed`);
      const message = readParentMessage(event.data);
      if (!message) return fail('the message is not {access_token, user, organization, claimId}');
      verifying = true;
      window.clearTimeout(timer);
      whoIs(message.access_token).then(
        (me) => {
          if (finished) return;
          if (me.user !== message.user || me.organization !== message.organization) {
            return fail('the token belongs to another user or organization');
          }
          signIn({ user: me.user, token: message.access_token, organization: me.organization, role: me.role });
          finish(`/claims/${encodeURIComponent(message.claimId)}?org=${encodeURIComponent(message.organization)}`);
        },
        (error: unknown) => fail(`the api refused the token (${error instanceof Error ? error.message : String(error)})`),
      );
    }

    if (parentOrigins.length === 0) {
      fail('no parent origin is allowed (runtime config parentOrigins is empty)');
      return undefined;
    }
    window.addEventListener('message', onMessage);
    timer = window.setTimeout(() => fail(`no valid message within ${iframeAuthTimeoutMs} ms`), iframeAuthTimeoutMs);
    if (isFramed()) {
      for (const origin of parentOrigins) window.parent.postMessage(READY_MESSAGE, origin);
    }
    return () => {
      finished = true;
      stopListening();
    };
  }, [navigate]);

  return (
    <BasicsRoot
      style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', gap: 16, minHeight: '100vh' }}
    >
      <Spinner />
      <Title level={4}>{AUTHENTICATING_TEXT}</Title>
    </BasicsRoot>
  );
}
