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
  RightOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons an area may name for its navigation entries. A name the shell does not know (an area newer
 * than the shell) gets a plain arrow: the entry still shows and works.
 */
const NAV_ICONS: Record<string, ComponentType> = {
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
};

export function NavIcon({ name }: { name: string }) {
  const Icon = NAV_ICONS[name] ?? RightOutlined;
  return <Icon />;
}
