import { Alert, Button, Flex, Spin, theme } from 'antd';

export const NOT_STORED = 'This document is no longer stored.';

/** The HTTP status of a failed read: the api client's ApiError and pdf.js's ResponseException both carry it. */
function statusOf(error: unknown): number | null {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : null;
  return typeof status === 'number' ? status : null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** A document that could not be shown: gone (404, e.g. deleted after verification), or another failure with Retry. */
export function DocumentFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { token } = theme.useToken();
  if (statusOf(error) === 404) return <Alert type="warning" showIcon title={NOT_STORED} style={{ margin: token.margin }} />;
  return (
    <Alert
      type="error"
      showIcon
      style={{ margin: token.margin }}
      title="The document could not be opened."
      description={messageOf(error)}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

export function DocumentLoading() {
  const { token } = theme.useToken();
  return (
    <Flex justify="center" align="center" style={{ flex: 1, padding: token.paddingXL }}>
      <Spin aria-label="Loading the document" />
    </Flex>
  );
}
