import { Button } from '@claims/shared-kernel/ui/basics';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { useSignOut } from '../../session/sign-out';

export const NOT_FOUND_TEXT = "We're sorry, the page you have requested is not found. Please go back to the homepage and login again.";
/** Inside the signed-in frame there is nothing to log in again to: the way out is the list. */
export const SIGNED_IN_NOT_FOUND_TEXT = "We're sorry, the page you have requested is not found.";

/** The page of spec 1 for a visitor without a session: back to the root, signed out. */
export function NotFoundScreen() {
  const signOut = useSignOut();
  return (
    <Notice
      status="notFound"
      title="Page not found"
      text={NOT_FOUND_TEXT}
      action={
        <Button primary onClick={signOut}>
          Return to HomePage
        </Button>
      }
    />
  );
}

/** The same page inside the signed-in frame, top bar and navigation kept: back to the claims list. */
export function SignedInNotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Notice
      status="notFound"
      title="Page not found"
      text={SIGNED_IN_NOT_FOUND_TEXT}
      action={
        <Button primary onClick={() => void navigate('/claims')}>
          Return to List Claims
        </Button>
      }
    />
  );
}
