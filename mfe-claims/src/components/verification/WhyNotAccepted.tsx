import type { EvidenceLocation } from '@claims/shared-kernel';
import { occurrenceKeys } from '@claims/shared-kernel/ui';
import { Button, Typography } from 'antd';
import type { Remedy } from './whyNotAccepted';

export const WHY_TITLE = 'Why not accepted';
export const ONE_OF = 'One of these would do:';
export const ALL_OF = 'All of these together:';

const textOf = (remedy: Remedy): string =>
  remedy.kind === 'change'
    ? remedy.text
    : `${remedy.kind}(${(remedy.kind === 'oneOf' ? remedy.options : remedy.items).map(textOf).join('|')})`;

function RemedyList({ remedies, onEvidence }: { remedies: Remedy[]; onEvidence: (evidence: EvidenceLocation) => void }) {
  const keys = occurrenceKeys(remedies.map(textOf));
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {remedies.map((remedy, index) => (
        <li key={keys[index]}>
          {remedy.kind === 'change' ? (
            <>
              {remedy.text}
              {remedy.evidence && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`Show evidence: ${remedy.text}`}
                  onClick={() => remedy.evidence && onEvidence(remedy.evidence)}
                >
                  Show
                </Button>
              )}
            </>
          ) : (
            <>
              {remedy.kind === 'oneOf' ? ONE_OF : ALL_OF}
              <RemedyList remedies={remedy.kind === 'oneOf' ? remedy.options : remedy.items} onEvidence={onEvidence} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What would change a procedure's outcome, as a short list; alternatives nest under 'One of these would do'. */
export function WhyNotAccepted({ remedies, onEvidence }: { remedies: Remedy[]; onEvidence: (evidence: EvidenceLocation) => void }) {
  if (remedies.length === 0) return null;
  return (
    <section aria-label={WHY_TITLE}>
      <Typography.Text strong>{WHY_TITLE}</Typography.Text>
      <RemedyList remedies={remedies} onEvidence={onEvidence} />
    </section>
  );
}
