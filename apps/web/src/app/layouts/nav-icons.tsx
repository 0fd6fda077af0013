import {
  AppstoreOutlined,
  BankOutlined,
  BookOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  IdcardOutlined,
  PhoneOutlined,
  PlaySquareOutlined,
  ShopOutlined,
  SoundOutlined,
  TagsOutlined,
  QrcodeOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { RouteKey } from '@nearcast/contract';
import type { ReactNode } from 'react';

/** Icons of the side navigation, by route key; routes outside the navigation have none. */
export const NAV_ICONS: Partial<Record<RouteKey, ReactNode>> = {
  dashboard: <DashboardOutlined />,
  promotion: <QrcodeOutlined />,
  contacts: <PhoneOutlined />,
  announcements: <SoundOutlined />,
  material: <FolderOpenOutlined />,
  clients: <ShopOutlined />,
  learning: <BookOutlined />,
  video: <PlaySquareOutlined />,
  agents: <TeamOutlined />,
  finance: <DollarOutlined />,
  account: <IdcardOutlined />,
  operator: <AppstoreOutlined />,
  content: <FileTextOutlined />,
  pricing: <TagsOutlined />,
  area: <GlobalOutlined />,
  zone: <EnvironmentOutlined />,
  partner: <BankOutlined />,
  studio: <VideoCameraOutlined />,
};
