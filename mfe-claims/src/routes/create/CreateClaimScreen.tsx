import {
  CASE_TYPES,
  canCreateClaims,
  getRuntimeConfig,
  INSURERS,
  isDemoOrg,
  isProviderOrg,
  LIMITS,
  noteRefusal,
  PROVIDER_ORG,
  REFUSALS,
  useSession,
} from '@claims/shared-kernel';
import type { CaseType } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { LimitedSelect } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Result, Row, Select, Spin, Typography, theme } from 'antd';
import Progress from 'antd/es/progress';
import Radio from 'antd/es/radio';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { claimKeys, dashboardKeys } from '../../api/claims';
import { type ClaimDraft, createClaim, uploadLimitsQuery } from '../../api/create';
import { hospitalOptions, procedureOptions } from '../../api/lookups';
import { DocumentPicker, documentProblems, type PickedDocument } from '../../components/upload';

export const BUSY_MESSAGE = 'Evidence verification in progress';

const INSURER_OPTIONS = INSURERS.map((i) => ({ value: i.code, label: i.label }));
const CASE_TYPE_OPTIONS = CASE_TYPES.map((c) => ({ value: c.code, label: c.label }));
const isKnownOrg = (code: string | null): code is string => !!code && INSURERS.some((i) => i.code === code);
const NOT_AUTHORIZED = 'You are not authorized to perform this action';

/** A target with a scheme (or protocol-relative) leaves the app; anything else is a route of the suite. */
const leavesTheApp = (target: string): boolean => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(target);

/** Non-super users go to the configured staging address (spec 1 §6; the server refuses them anyway). */
function RedirectToStaging() {
  const target = getRuntimeConfig().externalStagingUrl;
  const external = leavesTheApp(target);
  useEffect(() => {
    noteRefusal(REFUSALS.createClaim);
    if (external) window.location.assign(target);
  }, [external, target]);
  return external ? null : <Navigate to={target} replace />;
}

type Fields = Omit<ClaimDraft, 'documents'>;
const EMPTY: Fields = {
  patientName: '',
  referenceClaimId: '',
  deleteAfterVerification: false,
  hospitalCode: '',
  procedureCodes: [],
  caseType: 'PRE_AUTH',
};
type Touchable = 'patientName' | 'referenceClaimId' | 'procedureCodes';

/** The form itself: every rule of spec 1 §5, the upload with its limits, progress and the busy message. */
function CreateClaimForm({ organization }: { organization: string }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const provider = isProviderOrg(organization);
  const requestedOrg = searchParams.get('org');
  /** The provider's organisation creates the claim for the insurer it picks (?org=); everyone else for its own. */
  const org = provider ? (isKnownOrg(requestedOrg) ? requestedOrg : PROVIDER_ORG) : organization;
  const patientNameRequired = !isDemoOrg(org);

  const [fields, setFields] = useState<Fields>(EMPTY);
  const [documents, setDocuments] = useState<PickedDocument[]>([]);
  const [touched, setTouched] = useState<Partial<Record<Touchable, boolean>>>({});
  /** Share of the body sent (0 to 1) while submitting. */
  const [sent, setSent] = useState(0);

  const procedures = useLookup(lookupQueries.procedures(), { select: procedureOptions });
  const hospitals = useLookup(lookupQueries.hospitals(), { select: hospitalOptions });
  const { data: limits } = useQuery(uploadLimitsQuery());
  const problems = useMemo(() => documentProblems(documents, limits), [documents, limits]);

  const creation = useMutation({
    mutationFn: (draft: ClaimDraft) => {
      setSent(0);
      return createClaim(draft, org, setSent);
    },
    onSuccess: ({ id, requestAdditoinalInput }) => {
      for (const queryKey of [claimKeys.all, dashboardKeys.all]) void queryClient.invalidateQueries({ queryKey });
      const orgQuery = new URLSearchParams({ org });
      // The claim page shows the verification's progress until the result arrives.
      void navigate(
        requestAdditoinalInput
          ? `/questions/${id}?${orgQuery}`
          : `/claims/${id}?${new URLSearchParams({ org, caseType: fields.caseType })}`,
      );
    },
  });
  const uploading = creation.isPending && sent < 1;
  const verifying = creation.isPending && sent >= 1;

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const touch = (key: Touchable) => setTouched((t) => ({ ...t, [key]: true }));
  const missing = {
    patientName: patientNameRequired && fields.patientName.trim() === '',
    referenceClaimId: fields.referenceClaimId.trim() === '',
    procedureCodes: fields.procedureCodes.length === 0,
  };
  const canSubmit =
    !missing.patientName && !missing.referenceClaimId && !missing.procedureCodes && documents.length > 0 && problems.size === 0;
  const shown = (key: Touchable) => touched[key] && missing[key];

  const chooseOrg = (code: string) =>
    setSearchParams((params) => {
      params.set('org', code);
      return params;
    });
  const submit = () => {
    if (canSubmit) creation.mutate({ ...fields, documents: documents.map((d) => d.file) });
  };

  return (
    <Flex vertical gap="middle" style={{ padding: token.padding, maxWidth: 1200 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Enter Claim Information
        </Typography.Title>
        {provider && (
          <Select
            aria-label="Insurer"
            style={{ width: 160 }}
            value={org}
            options={INSURER_OPTIONS}
            onChange={chooseOrg}
            disabled={creation.isPending}
          />
        )}
      </Flex>
      <Spin spinning={verifying} description={BUSY_MESSAGE}>
        <Card>
          <Form layout="vertical" disabled={creation.isPending} onFinish={submit}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label="Patient Name"
                  htmlFor="patientName"
                  required={patientNameRequired}
                  validateStatus={shown('patientName') ? 'error' : undefined}
                  help={shown('patientName') ? 'Patient Name is required' : undefined}
                >
                  <Input
                    id="patientName"
                    value={fields.patientName}
                    maxLength={LIMITS.patientNameMaxLength}
                    showCount
                    onChange={(e) => set('patientName', e.target.value)}
                    onBlur={() => touch('patientName')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label="Case No."
                  htmlFor="referenceClaimId"
                  required
                  validateStatus={shown('referenceClaimId') ? 'error' : undefined}
                  help={shown('referenceClaimId') ? 'Case No. is required' : undefined}
                >
                  <Input
                    id="referenceClaimId"
                    value={fields.referenceClaimId}
                    maxLength={LIMITS.caseNumberMaxLength}
                    showCount
                    onChange={(e) => set('referenceClaimId', e.target.value)}
                    onBlur={() => touch('referenceClaimId')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label="Procedures"
                  required
                  validateStatus={shown('procedureCodes') ? 'error' : undefined}
                  help={shown('procedureCodes') ? 'Select at least one procedure' : undefined}
                  extra={`Up to ${LIMITS.multiSelectMax} procedures`}
                >
                  <LimitedSelect
                    aria-label="Procedures"
                    placeholder="Select procedures"
                    options={procedures}
                    value={fields.procedureCodes}
                    onChange={(codes) => {
                      set('procedureCodes', codes);
                      touch('procedureCodes');
                    }}
                    onBlur={() => touch('procedureCodes')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label="Hospitals">
                  <Select<string>
                    aria-label="Hospitals"
                    placeholder="Select hospital"
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    options={hospitals}
                    value={fields.hospitalCode || undefined}
                    onChange={(code) => set('hospitalCode', code ?? '')}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Case Type">
              <Radio.Group
                aria-label="Case Type"
                options={CASE_TYPE_OPTIONS}
                value={fields.caseType}
                onChange={(e) => set('caseType', e.target.value as CaseType)}
              />
            </Form.Item>
            <Form.Item label="Documents" required>
              <DocumentPicker
                documents={documents}
                onAdd={(document) => setDocuments((list) => [...list, document])}
                onRemove={(uid) => setDocuments((list) => list.filter((d) => d.uid !== uid))}
                limits={limits}
                problems={problems}
                disabled={creation.isPending}
              />
            </Form.Item>
            <Form.Item>
              <Checkbox checked={fields.deleteAfterVerification} onChange={(e) => set('deleteAfterVerification', e.target.checked)}>
                Delete documents after verification
              </Checkbox>
            </Form.Item>
            {uploading && (
              <Form.Item label="Uploading documents">
                <Progress aria-label="Upload progress" percent={Math.round(sent * 100)} status="active" />
              </Form.Item>
            )}
            {creation.error && (
              <Alert
                type="error"
                showIcon
                title="The claim could not be created"
                description={creation.error.message}
                closable={{ onClose: () => creation.reset() }}
                style={{ marginBottom: token.margin }}
              />
            )}
            <Flex gap={8}>
              <Button onClick={() => navigate('/claims')}>Back</Button>
              <Button type="primary" htmlType="submit" disabled={!canSubmit} loading={creation.isPending}>
                Submit
              </Button>
            </Flex>
          </Form>
        </Card>
      </Spin>
    </Flex>
  );
}

/** /claims/create ('Enter Claim Information', spec 1 §2, §5, §6): super users of the organisations that create claims. */
export function CreateClaimScreen() {
  const navigate = useNavigate();
  const role = useSession((s) => s.role);
  const organization = useSession((s) => s.organization) ?? '';
  if (role !== 'super_user') return <RedirectToStaging />;
  if (!canCreateClaims(organization)) {
    return <Result status="403" title={NOT_AUTHORIZED} extra={<Button onClick={() => navigate('/claims')}>Back</Button>} />;
  }
  return <CreateClaimForm organization={organization} />;
}
