import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export const NOT_FOUND_TITLE = 'Claim Page Not Found';
export const NOT_FOUND_TEXT = "We're sorry, the page you have requested is not found.";

/** A claim that does not exist or that the user may not see (spec 1 §2): inside the signed-in frame, back to the list. */
export function ClaimNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={NOT_FOUND_TITLE}
      subTitle={NOT_FOUND_TEXT}
      extra={
        <Button type="primary" onClick={() => navigate('/claims')}>
          Return to List Claims
        </Button>
      }
    />
  );
}
