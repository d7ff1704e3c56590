import { RequireSuperUser } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { ruleQuery } from '../../api/rules';
import { useInsurer } from '../rules/useInsurer';
import { RuleEditor } from './RuleEditor';

function EditRule({ code, org, claimId, claimOrg }: { code: string; org: string; claimId: string | null; claimOrg: string | null }) {
  const query = useQuery(ruleQuery(code, org));
  return (
    <LoadState query={query}>
      {/* A new version (a save elsewhere, a restore) starts the form again from what is stored. */}
      {(rule) => <RuleEditor key={`${rule.id}-${rule.version}`} org={rule.org} rule={rule} claimId={claimId} claimOrg={claimOrg} />}
    </LoadState>
  );
}

/**
 * /rules/create?org=, /rules/edit/{code}?org=[&claimId=&claimOrg=] and /rules/{code}?org= (the edit and override
 * page); super users only (spec 2 §6). With claimId the editor was opened from that claim (in claimOrg's list) and
 * returns to it.
 */
export default function RuleEditorScreen() {
  const { code } = useParams();
  const { insurer } = useInsurer();
  const [params] = useSearchParams();
  const claimId = params.get('claimId');
  const claimOrg = params.get('claimOrg');
  return (
    <RequireSuperUser>
      {code === undefined ? (
        <RuleEditor org={insurer} claimId={claimId} claimOrg={claimOrg} />
      ) : (
        <EditRule code={code} org={insurer} claimId={claimId} claimOrg={claimOrg} />
      )}
    </RequireSuperUser>
  );
}
