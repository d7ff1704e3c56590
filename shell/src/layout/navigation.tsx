import {
  AppstoreOutlined,
  BankOutlined,
  CalculatorOutlined,
  CloudSyncOutlined,
  ControlOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HighlightOutlined,
  MedicineBoxOutlined,
  PartitionOutlined,
  ProductOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { firstSegment } from '../areas';

export interface NavEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

export interface NavSection {
  /** A heading above the entries; none for the first and last sections. */
  title?: string;
  entries: NavEntry[];
}

/** The side navigation of the provider's organisation, in the order of spec 1 §2 and the brief. */
export const NAV_SECTIONS: NavSection[] = [
  {
    entries: [
      { path: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
      { path: '/claims', label: 'Claims to Review', icon: <FileSearchOutlined /> },
      { path: '/uploadsDownloads', label: 'Uploads and Downloads', icon: <CloudSyncOutlined /> },
    ],
  },
  {
    title: 'Masters',
    entries: [
      { path: '/procedures', label: 'Procedures', icon: <MedicineBoxOutlined /> },
      { path: '/procedureGroup', label: 'Procedure Group', icon: <AppstoreOutlined /> },
      { path: '/diagnoses', label: 'Diagnoses', icon: <SolutionOutlined /> },
      { path: '/tissues', label: 'Tissues', icon: <ExperimentOutlined /> },
      { path: '/drugs', label: 'Drugs', icon: <ProductOutlined /> },
      { path: '/document', label: 'Documents', icon: <FileTextOutlined /> },
      { path: '/evidence', label: 'Evidence', icon: <SafetyCertificateOutlined /> },
      { path: '/hospitals', label: 'Hospitals', icon: <BankOutlined /> },
      { path: '/docgroups', label: 'Document Segregation', icon: <FolderOpenOutlined /> },
      { path: '/clinicalAttribute', label: 'Clinical Attributes', icon: <ControlOutlined /> },
      { path: '/clinicalUnit', label: 'Test Units', icon: <CalculatorOutlined /> },
    ],
  },
  {
    title: 'Rules',
    entries: [
      { path: '/rules', label: 'Procedure Protocol', icon: <PartitionOutlined /> },
      { path: '/procedureQuestions', label: 'Procedure Questions', icon: <QuestionCircleOutlined /> },
    ],
  },
  { entries: [{ path: '/annotation', label: 'Annotation', icon: <HighlightOutlined /> }] },
];

/** Areas reached from another entry's screens: a claim's questions belong to Claims to Review. */
const SEGMENT_ALIASES: Record<string, string> = { questions: 'claims', up: 'uploadsDownloads' };

/** The navigation entry to highlight for a location, if any. */
export function activeNavPath(pathname: string): string | undefined {
  const segment = firstSegment(pathname);
  const path = `/${SEGMENT_ALIASES[segment] ?? segment}`;
  return NAV_SECTIONS.some((section) => section.entries.some((entry) => entry.path === path)) ? path : undefined;
}
