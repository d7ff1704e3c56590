import { ADJUDICATION_RESULTS, type AdjudicationResult } from '@claims/shared-kernel';
import { screen } from '@testing-library/react';
import { theme } from 'antd';
import { renderScreen } from '../testing/render';
import { useVerdictColours, VerdictTag } from './VerdictTag';

/** The theme token behind each of antd's tag presets the verdicts use. */
const PRESET_TOKEN = { success: 'colorSuccess', error: 'colorError', warning: 'colorWarning', default: 'colorTextQuaternary' } as const;

function Probe() {
  const colours = useVerdictColours();
  const { token } = theme.useToken();
  return (
    <ul>
      {ADJUDICATION_RESULTS.map((verdict) => (
        <li key={verdict}>
          <VerdictTag result={verdict} />
          <span data-testid={`tokens-${verdict}`}>
            {Object.entries(PRESET_TOKEN)
              .filter(([, name]) => token[name] === colours[verdict])
              .map(([preset]) => preset)
              .join(',')}
          </span>
        </li>
      ))}
    </ul>
  );
}

it("fills a chart's verdict with the theme colour of the verdict's tag", () => {
  renderScreen(<Probe />);
  const expected: Record<AdjudicationResult, keyof typeof PRESET_TOKEN> = {
    ACCEPTED: 'success',
    REJECTED: 'error',
    QUERY: 'warning',
    SUSPENDED: 'default',
  };
  for (const verdict of ADJUDICATION_RESULTS) {
    const preset = expected[verdict];
    const tag = screen.getByText(verdict.charAt(0) + verdict.slice(1).toLowerCase());
    // The default preset has no class of its own: a tag without a colour class.
    if (preset === 'default') expect(tag.className).not.toMatch(/ant-tag-(success|error|warning)/);
    else expect(tag).toHaveClass(`ant-tag-${preset}`);
    expect(screen.getByTestId(`tokens-${verdict}`)).toHaveTextContent(preset);
  }
});
