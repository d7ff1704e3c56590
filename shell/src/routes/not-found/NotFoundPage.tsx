import { Button } from '@claims/shared-kernel/antd/basics';
import { Notice } from '../../components/Notice';
import { useSignOut } from '../../session/sign-out';

export const NOT_FOUND_TEXT = "We're sorry, the page you have requested is not found. Please go back to the homepage and login again.";

export function NotFoundPage() {
  const signOut = useSignOut();
  return (
    <Notice
      status="notFound"
      title="Page not found"
      text={NOT_FOUND_TEXT}
      action={
        <Button type="primary" onClick={signOut}>
          Return to HomePage
        </Button>
      }
    />
  );
}
