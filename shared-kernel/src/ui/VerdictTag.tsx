import type { AdjudicationResult } from '@claims/shared-kernel';
import { adjudicationResultLabel } from '@claims/shared-kernel';
import { Flex, Tag, theme, Typography } from 'antd';

const RESULT_COLOURS: Record<AdjudicationResult, string> = {
  ACCEPTED: 'success',
  REJECTED: 'error',
  QUERY: 'warning',
  SUSPENDED: 'default',
};

/** Each verdict's colour where it fills a shape (a chart's columns): the theme's colours of its tag above. */
export function useVerdictColours(): Record<AdjudicationResult, string> {
  const { token } = theme.useToken();
  return { ACCEPTED: token.colorSuccess, REJECTED: token.colorError, QUERY: token.colorWarning, SUSPENDED: token.colorTextQuaternary };
}

/** A verdict as a coloured tag; a dash where there is none. */
export function VerdictTag({ result }: { result: AdjudicationResult | null }) {
  return result ? (
    <Tag color={RESULT_COLOURS[result]}>{adjudicationResultLabel(result)}</Tag>
  ) : (
    <Typography.Text type="secondary">–</Typography.Text>
  );
}

/** A verdict before and after a trial change (the rule and segregation dry runs). */
export function VerdictChange({ before, after }: { before: AdjudicationResult | null; after: AdjudicationResult | null }) {
  return (
    <Flex gap={4} align="center" wrap>
      <VerdictTag result={before} />
      <span aria-hidden>→</span>
      <VerdictTag result={after} />
    </Flex>
  );
}
