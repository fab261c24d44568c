import {
  AuditOutlined,
  BankOutlined,
  DollarOutlined,
  HomeOutlined,
  LineChartOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Space, theme, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { ThemeSwitch } from '../../app/ThemeSwitch';
import { activeMenuKey, ADMIN_MENU, type AdminMenuKey } from './adminMenu';

const MENU_ICONS: Record<AdminMenuKey, ReactNode> = {
  users: <TeamOutlined />,
  withdrawals: <BankOutlined />,
  deposits: <DollarOutlined />,
  tables: <TableOutlined />,
};

/**
 * Every admin screen sits in this layout (spec §2): a collapsible side menu with the four entries, and a
 * header with the collapse toggle, the title 'Admin Panel', links to Data, Settings and Audit, and a way back to /.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const active = activeMenuKey(pathname);

  return (
    <Layout className="admin-layout" style={{ minHeight: 'calc(var(--vh, 1vh) * 100)' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        breakpoint="lg"
        width={210}
        theme="light"
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
      >
        <nav aria-label={t('admin.menu.label')} data-collapsed={collapsed}>
          <Menu
            mode="inline"
            selectedKeys={active ? [active] : []}
            inlineCollapsed={collapsed}
            items={ADMIN_MENU.map((entry) => ({
              key: entry.key,
              icon: MENU_ICONS[entry.key],
              label: <Link to={entry.route}>{t(`admin.menu.${entry.key}`)}</Link>,
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            paddingInline: 16,
            // antd's header sets a 64px line height, which would stretch the shell's own switches.
            lineHeight: 'normal',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? t('admin.menu.expand') : t('admin.menu.collapse')}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((value) => !value)}
          />
          <Typography.Title level={4} style={{ margin: 0, flex: 1, whiteSpace: 'nowrap' }}>
            {t('admin.panelTitle')}
          </Typography.Title>
          <Space wrap size="small">
            <Button icon={<LineChartOutlined />} onClick={() => navigate('/admin/data')}>
              {t('admin.menu.data')}
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => navigate('/admin/settings')}>
              {t('admin.menu.settings')}
            </Button>
            <Button icon={<AuditOutlined />} onClick={() => navigate('/admin/audit')}>
              {t('admin.menu.audit')}
            </Button>
            <LanguageSwitch />
            <ThemeSwitch />
            <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/')}>
              {t('admin.backHome')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 16, overflow: 'auto' }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
