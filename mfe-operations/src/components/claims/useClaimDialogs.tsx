import type { ConsoleClaimRow } from '@claims/shared-kernel';
import { useMemo, useState, type ReactNode } from 'react';
import { consoleClaimColumns } from './claimColumns';
import { DocumentViewerDialog } from './DocumentViewerDialog';
import { ErrorResponseDialog } from './ErrorResponseDialog';

/** The row a dialog shows stays set while the dialog animates closed, so its content does not flicker. */
interface DialogState {
  row: ConsoleClaimRow | null;
  open: boolean;
}
const CLOSED: DialogState = { row: null, open: false };

/** The claims grid's columns wired to its two dialogs: the document viewer and the Error Response. */
export function useClaimDialogs(): { columns: ReturnType<typeof consoleClaimColumns>; dialogs: ReactNode } {
  const [preview, setPreview] = useState<DialogState>(CLOSED);
  const [failure, setFailure] = useState<DialogState>(CLOSED);
  const columns = useMemo(
    () =>
      consoleClaimColumns({
        onPreview: (row) => setPreview({ row, open: true }),
        onShowError: (row) => setFailure({ row, open: true }),
      }),
    [],
  );
  const dialogs = (
    <>
      <DocumentViewerDialog
        title={preview.row ? `Documents of ${preview.row.intimation_number}` : 'Documents'}
        documents={preview.row?.insurer_documents ?? []}
        open={preview.open}
        onClose={() => setPreview((s) => ({ ...s, open: false }))}
      />
      <ErrorResponseDialog
        message={failure.row?.error_message}
        open={failure.open}
        onClose={() => setFailure((s) => ({ ...s, open: false }))}
      />
    </>
  );
  return { columns, dialogs };
}
