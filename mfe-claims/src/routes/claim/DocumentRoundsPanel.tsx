import { FileAddOutlined, MailOutlined } from '@ant-design/icons';
import { isProviderOrg, missingDocumentsOf, useSession } from '@claims/shared-kernel';
import type { Claim } from '@claims/shared-kernel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { claimKeys, dashboardKeys } from '../../api/claims';
import { addDocuments, requestDocuments } from '../../api/rounds';
import { ADD_DOCUMENTS, AddDocumentsDialog } from './AddDocumentsDialog';
import { verificationRunning } from './progress';
import { REQUEST_DOCUMENTS, RequestDocumentsDialog } from './RequestDocumentsDialog';
import { RoundsList } from './RoundsList';

export const DOCUMENTS_REQUESTED = 'Documents requested';
export const REQUEST_SENT = 'Documents requested';
export const DOCUMENTS_ADDED = 'Documents added: the claim is being verified again';

/**
 * The claim's document rounds on the claim page: Request documents on a QUERY claim (the provider's users), Add
 * documents (whoever sees the claim: its organisation and the provider; the server decides), and each round so far.
 */
export function DocumentRoundsPanel({ claim, org }: { claim: Claim; org: string | undefined }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const provider = isProviderOrg(useSession((s) => s.organization));
  const [dialog, setDialog] = useState<'request' | 'add' | null>(null);
  const [sent, setSent] = useState<number | null>(null);

  // The claim (with its rounds) and the lists (its status, 'Documents requested') change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: claimKeys.all });
  const failed = (error: Error) => void message.error(error.message);

  const request = useMutation({
    mutationFn: (body: { documents: string[]; note: string }) => requestDocuments(claim.id, body, org),
    onSuccess: () => {
      setDialog(null);
      void message.success(REQUEST_SENT);
      void refresh();
    },
    onError: failed,
  });
  const add = useMutation({
    mutationFn: (files: File[]) => addDocuments(claim.id, files, org, setSent),
    onSuccess: () => {
      setDialog(null);
      void message.success(DOCUMENTS_ADDED);
      void refresh();
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: failed,
    onSettled: () => setSent(null),
  });

  const running = verificationRunning(claim);
  const list = claim.documentRounds ?? [];
  const open = list.some((round) => !round.answeredAt);
  const mayRequest = provider && !open && !running && claim.status === 'ADJUDICATED' && claim.adjudicationResult === 'QUERY';

  return (
    <Flex vertical gap={8} aria-label="Document rounds" role="region">
      <Flex gap={8} wrap align="center">
        {mayRequest && (
          <Button icon={<MailOutlined />} onClick={() => setDialog('request')}>
            {REQUEST_DOCUMENTS}
          </Button>
        )}
        {!running && (
          <Button icon={<FileAddOutlined />} onClick={() => setDialog('add')}>
            {ADD_DOCUMENTS}
          </Button>
        )}
        {open && <Tag color="processing">{DOCUMENTS_REQUESTED}</Tag>}
      </Flex>
      {list.length > 0 && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Rounds
          </Typography.Title>
          <RoundsList rounds={list} />
        </>
      )}
      {dialog === 'request' && (
        <RequestDocumentsDialog
          open
          missing={missingDocumentsOf(claim.adjudicationDetails)}
          sending={request.isPending}
          onSend={(body) => request.mutate(body)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'add' && (
        <AddDocumentsDialog
          open
          heldFiles={claim.documents.length}
          sent={add.isPending ? (sent ?? 0) : null}
          onAdd={(files) => add.mutate(files)}
          onCancel={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}
