import { FINDINGS_SIZE_MAX, type Finding, isProviderOrg, useSession } from '@claims/shared-kernel';
import type { Claim, FindingsBody } from '@claims/shared-kernel';
import { useChanged } from '@claims/shared-kernel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Flex, Form, Modal, Row, Segmented, Select, Typography } from 'antd';
import InputNumber from 'antd/es/input-number';
import { useState } from 'react';
import { claimKeys } from '../../api/claims';
import { confirmFindings } from '../../api/findings';
import { FINDINGS_LISTS, type FindingsList, findingsListOf } from './findings';
import { FormItemSpacing } from '../FormItemSpacing';

type FibroidUnit = NonNullable<FindingsBody['fibroidSizeUnit']>;
const FIBROID_UNITS: FibroidUnit[] = ['mm', 'cm'];
const LIST_OPTIONS = (Object.keys(FINDINGS_LISTS) as FindingsList[]).map((list) => ({ value: list, label: FINDINGS_LISTS[list].label }));

export const FINDINGS_CONFIRMED = 'Findings confirmed: the claim is being verified again';

interface Sizes {
  fibroidSize: number | null;
  fibroidSizeUnit: FibroidUnit;
  uterusSize: number | null;
  transitionZone: number | null;
}
const NO_SIZES: Sizes = { fibroidSize: null, fibroidSizeUnit: 'mm', uterusSize: null, transitionZone: null };

/** What is sent: the chosen findings of the list shown, and for the non-cancer list the sizes entered. */
function findingsBody(list: FindingsList, findings: Finding[], sizes: Sizes): FindingsBody {
  if (list === 'cancer') return { findings };
  const { fibroidSize, fibroidSizeUnit, uterusSize, transitionZone } = sizes;
  return {
    findings,
    ...(fibroidSize !== null ? { fibroidSize, fibroidSizeUnit } : {}),
    ...(uterusSize !== null ? { uterusSize } : {}),
    ...(transitionZone !== null ? { transitionZone } : {}),
  };
}

function sizeField(id: string, label: string, value: number | null, onChange: (value: number | null) => void, suffix?: string) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <InputNumber<number>
        id={id}
        min={0}
        max={FINDINGS_SIZE_MAX}
        value={value}
        onChange={onChange}
        suffix={suffix}
        style={{ width: 140 }}
      />
    </Form.Item>
  );
}

/**
 * The findings form (spec 1 §2 'Findings confirmation', §3, §9): the non-cancer list of 36 imaging findings with
 * the fibroid, uterus and transition zone sizes, or the cancer list of 7; the list follows the claim (see
 * findingsListOf) and the reviewer may switch. Submitted to POST /claims/{id}/adjudicate: the answer is the claim
 * being verified again, shown on the claim page at once. The provider's organisation only.
 */
function FindingsForm({ claim, onClose }: { claim: Claim; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [list, setList] = useState<FindingsList>(() => findingsListOf(claim));
  const [chosen, setChosen] = useState<Record<FindingsList, Finding[]>>({ nonCancer: [], cancer: [] });
  const [sizes, setSizes] = useState<Sizes>(NO_SIZES);
  const setSize = (change: Partial<Sizes>) => setSizes((s) => ({ ...s, ...change }));

  const submission = useMutation({
    mutationFn: (body: FindingsBody) => confirmFindings(claim.id, claim.organization, body),
    onSuccess: (verified) => {
      // Lists show the claim's status too: they are marked stale; the claim page takes the answer as it is.
      void queryClient.invalidateQueries({ queryKey: claimKeys.all, refetchType: 'none' });
      queryClient.setQueryData(claimKeys.detail(claim.id), verified);
      void message.success(FINDINGS_CONFIRMED);
      onClose();
    },
    onError: (error) => void message.error(error.message),
  });

  const body = findingsBody(list, chosen[list], sizes);
  const nothingToSend = body.findings.length === 0 && Object.keys(body).length === 1;
  return (
    <Modal
      open
      title="Confirm Findings"
      okText="Submit"
      onOk={() => submission.mutate(body)}
      okButtonProps={{ disabled: nothingToSend }}
      confirmLoading={submission.isPending}
      onCancel={onClose}
      width={820}
    >
      <Flex vertical gap={12}>
        <Segmented<FindingsList> options={LIST_OPTIONS} value={list} onChange={setList} />
        <Checkbox.Group value={chosen[list]} onChange={(values) => setChosen((c) => ({ ...c, [list]: values as string[] }))}>
          <Row gutter={[8, 4]} role="list" aria-label={FINDINGS_LISTS[list].label}>
            {FINDINGS_LISTS[list].findings.map((finding) => (
              <Col span={8} key={finding} role="listitem">
                <Checkbox value={finding}>{finding}</Checkbox>
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
        {list === 'nonCancer' && (
          <FormItemSpacing>
            <Form layout="vertical" component={false}>
              <Typography.Text strong>Sizes</Typography.Text>
              <Flex gap={16} wrap align="end">
                <Flex gap={4} align="end">
                  {sizeField('findings-fibroid-size', 'Fibroid Size', sizes.fibroidSize, (fibroidSize) => setSize({ fibroidSize }))}
                  <Form.Item label="Unit" htmlFor="findings-fibroid-unit">
                    <Select<FibroidUnit>
                      id="findings-fibroid-unit"
                      value={sizes.fibroidSizeUnit}
                      options={FIBROID_UNITS.map((unit) => ({ value: unit, label: unit }))}
                      onChange={(fibroidSizeUnit) => setSize({ fibroidSizeUnit })}
                      style={{ width: 80 }}
                    />
                  </Form.Item>
                </Flex>
                {sizeField('findings-uterus-size', 'Uterus Size', sizes.uterusSize, (uterusSize) => setSize({ uterusSize }), 'weeks')}
                {sizeField(
                  'findings-transition-zone',
                  'Transition Zone',
                  sizes.transitionZone,
                  (transitionZone) => setSize({ transitionZone }),
                  'mm',
                )}
              </Flex>
            </Form>
          </FormItemSpacing>
        )}
      </Flex>
    </Modal>
  );
}

/** 'Confirm Findings' on the claim page, for the provider's organisation. */
export function ConfirmFindingsButton({ claim }: { claim: Claim }) {
  const provider = useSession((s) => isProviderOrg(s.organization));
  const [open, setOpen] = useState(false);
  // Stepping to another claim closes the form of this one.
  if (useChanged([claim.id])) setOpen(false);
  if (!provider) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Confirm Findings</Button>
      {open && <FindingsForm claim={claim} onClose={() => setOpen(false)} />}
    </>
  );
}
