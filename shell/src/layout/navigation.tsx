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
import type { NavIconName } from '@claims/shared-kernel';
import type { ComponentType } from 'react';

/**
 * The icons an area may name for its navigation entries: one for each of the kernel's NAV_ICON_NAMES, the names
 * the kinds table's icons are typed with. A name the shell does not know (a deployed area newer than the shell)
 * gets a plain arrow: the entry still shows and works.
 */
const NAV_ICONS: Record<NavIconName, ComponentType> = {
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
  const Icon = NAV_ICONS[name as NavIconName] ?? RightOutlined;
  return <Icon />;
}
