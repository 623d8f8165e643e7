import type { IconProps } from '@chakra-ui/react';
import {
  BellIcon,
  BuildingIcon,
  DashboardIcon,
  DatabaseIcon,
  FileCheckIcon,
  FileTextIcon,
  FolderIcon,
  GlobeIcon,
  HomeIcon,
  IdCardIcon,
  SearchIcon,
  SendIcon,
  SettingsIcon,
  TableIcon,
  TruckIcon,
  UserIcon,
} from './icons';

/** Menu icon names sent by the server (`meta.icon`, ant-design style names) to the app's icons. */
const ICONS = {
  dashboard: DashboardIcon,
  home: HomeIcon,
  user: UserIcon,
  idcard: IdCardIcon,
  'id-card': IdCardIcon,
  team: UserIcon,
  setting: SettingsIcon,
  settings: SettingsIcon,
  bell: BellIcon,
  notification: BellIcon,
  search: SearchIcon,
  file: FileTextIcon,
  'file-text': FileTextIcon,
  profile: FileTextIcon,
  car: TruckIcon,
  truck: TruckIcon,
  bank: BuildingIcon,
  apartment: BuildingIcon,
  global: GlobeIcon,
  // A place (UPS routing codes).
  environment: GlobeIcon,
  book: FileTextIcon,
  // A ledger (warehouse fees, return accounts, carrier fees and margins).
  'account-book': FileTextIcon,
  cluster: FolderIcon,
  table: TableIcon,
  database: DatabaseIcon,
  send: SendIcon,
  'file-done': FileCheckIcon,
} as const;

/** The icon of a menu item; a folder for parents and unknown names, nothing when `name` is empty. */
export function MenuItemIcon({ name, fallback = true, ...props }: IconProps & { name?: string | null; fallback?: boolean }) {
  const Icon = name ? ICONS[name as keyof typeof ICONS] : undefined;
  if (Icon) return <Icon {...props} />;
  return fallback ? <FolderIcon {...props} /> : null;
}
