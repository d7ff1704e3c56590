import { Button } from '@claims/shared-kernel/ui/basics';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { isFramed } from '../../framing';

export const AUTH_FAILED_TEXT = 'Authentication Failed';

/** /failedauth, and the root inside an iframe without a session. */
export function AuthFailedScreen() {
  const navigate = useNavigate();
  // Inside a frame there is nothing to sign in to: the embedding page has to try again.
  const canSignInHere = !isFramed();
  return (
    <Notice
      status="error"
      title={AUTH_FAILED_TEXT}
      action={
        canSignInHere && (
          <Button primary onClick={() => navigate('/', { replace: true })}>
            Go to sign-in
          </Button>
        )
      }
    />
  );
}
