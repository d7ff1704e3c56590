import { DownloadOutlined } from '@ant-design/icons';
import { saveBlob, todayInZone } from '@claims/shared-kernel';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { downloadAnnotationReport } from '../../api/annotations';

export const DOWNLOAD_FAILED = 'Failed to download';

/**
 * 'Annotation Report' (spec 1 §2, §7): GET /annotation/generateReport saved as Annotate_data_{DD-MM-YYYY}.xlsx
 * under the display zone's date; 'Failed to download' when it cannot be had (spec 1 §8). Asks the server on
 * every press (nothing cached).
 */
export function AnnotationReportButton() {
  const { message } = App.useApp();
  const report = useMutation({
    mutationFn: async () => ({ data: await downloadAnnotationReport(), name: `Annotate_data_${todayInZone().format('DD-MM-YYYY')}.xlsx` }),
    onSuccess: ({ data, name }) => saveBlob(data, name),
    onError: (error) => {
      console.error(error);
      void message.error(DOWNLOAD_FAILED);
    },
  });
  return (
    <Button icon={<DownloadOutlined />} loading={report.isPending} onClick={() => report.mutate()}>
      Annotation Report
    </Button>
  );
}
