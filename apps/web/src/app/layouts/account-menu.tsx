import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/account/api/logout';
import { useSession } from '../../lib/session';

function initialsOf(name: string): string {
  const letters = name.trim().slice(0, 1).toUpperCase();
  return letters || '?';
}

/** The header's account menu: who is signed in, their profile, and sign-out. */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const { user, role } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user?.name || user?.username || user?.email || '';

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div className="nc-account__who">
          <strong>{name}</strong>
          <span>{role ? t(`roles.${role}`) : ''}</span>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="menu-profile">{t('account.profile')}</span> },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      disabled: logout.isPending,
      label: <span data-testid="logout">{t('account.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/profile');
    if (key === 'logout') logout.mutate();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="nc-account" data-testid="account-menu" aria-label={t('account.menu')}>
        <Avatar size={28} className="nc-account__avatar">
          {initialsOf(name)}
        </Avatar>
        {!compact && <span className="nc-account__name" title={name}>{name}</span>}
        <DownOutlined className="nc-account__caret" />
      </Button>
    </Dropdown>
  );
}
