import { Button, Result } from 'antd';
import { useSignOut } from '../../session/sign-out';

export const NOT_FOUND_TEXT =
  "We're sorry, the page you have requested is not found. Please go back to the homepage and login again.";

export function NotFoundPage() {
  const signOut = useSignOut();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle={NOT_FOUND_TEXT}
      extra={
        <Button type="primary" onClick={signOut}>
          Return to HomePage
        </Button>
      }
    />
  );
}
