import {
  AuditOutlined,
  BankOutlined,
  CloudServerOutlined,
  DollarOutlined,
  HomeOutlined,
  LineChartOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MoreOutlined,
  SafetyOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Dropdown, Layout, Menu, Space, theme, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { ThemeSwitch } from '../../app/ThemeSwitch';
import { activeMenuKey, ADMIN_MENU, type AdminMenuKey } from './adminMenu';
import { useNarrowScreen, useWideScreen } from './useNarrowScreen';

const MENU_ICONS: Record<AdminMenuKey, ReactNode> = {
  users: <TeamOutlined />,
  withdrawals: <BankOutlined />,
  deposits: <DollarOutlined />,
  tables: <TableOutlined />,
};

/** The header's links beyond the side menu, in order: one definition for the buttons and the phone's menu. */
const HEADER_LINKS = [
  { key: 'tournaments', route: '/admin/tournament', icon: <TrophyOutlined /> },
  { key: 'data', route: '/admin/data', icon: <LineChartOutlined /> },
  { key: 'settings', route: '/admin/settings', icon: <SettingOutlined /> },
  { key: 'audit', route: '/admin/audit', icon: <AuditOutlined /> },
  { key: 'security', route: '/admin/security', icon: <SafetyOutlined /> },
  { key: 'system', route: '/admin/system', icon: <CloudServerOutlined /> },
] as const;

/**
 * Every admin screen sits in this layout (spec §2): a side menu with the four entries, and a header with
 * the menu toggle, the title 'Admin Panel', links to Tournaments, Data, Settings, Audit, Security and System, and a way back to /.
 * Below 768 px (a phone) the side menu is a drawer, closed until the toggle opens it, and the header's
 * links sit behind a "More" menu so the header fits the screen.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const wide = useWideScreen();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const active = activeMenuKey(pathname);

  const menu = (inlineCollapsed: boolean) => (
    <nav aria-label={t('admin.menu.label')} data-collapsed={inlineCollapsed}>
      <Menu
        mode="inline"
        selectedKeys={active ? [active] : []}
        inlineCollapsed={inlineCollapsed}
        onClick={() => setDrawerOpen(false)}
        items={ADMIN_MENU.map((entry) => ({
          key: entry.key,
          icon: MENU_ICONS[entry.key],
          label: <Link to={entry.route}>{t(`admin.menu.${entry.key}`)}</Link>,
        }))}
      />
    </nav>
  );

  return (
    <Layout className="admin-layout" style={{ minHeight: 'calc(var(--vh, 1vh) * 100)' }}>
      {narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={260}
          title={t('admin.panelTitle')}
          styles={{ body: { padding: 0 } }}
        >
          {menu(false)}
          <Space wrap style={{ padding: 16 }}>
            <LanguageSwitch />
            <ThemeSwitch />
          </Space>
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={210}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          {menu(collapsed)}
        </Layout.Sider>
      )}
      {/* min-width 0: a wide table scrolls inside its own box instead of widening the page. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: narrow ? 4 : 12,
            paddingInline: narrow ? 8 : 16,
            // antd's header sets a 64px line height, which would stretch the shell's own switches.
            lineHeight: 'normal',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {narrow ? (
            <Button
              type="text"
              aria-label={t('admin.menu.open')}
              aria-expanded={drawerOpen}
              icon={<MenuOutlined />}
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              aria-label={collapsed ? t('admin.menu.expand') : t('admin.menu.collapse')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed((value) => !value)}
            />
          )}
          <Typography.Title
            level={4}
            ellipsis
            style={{ margin: 0, flex: 1, minWidth: 0, whiteSpace: 'nowrap' }}
          >
            {t('admin.panelTitle')}
          </Typography.Title>
          {narrow ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...HEADER_LINKS.map((link) => ({
                    key: link.route,
                    icon: link.icon,
                    label: t(`admin.menu.${link.key}`),
                  })),
                  { type: 'divider' as const },
                  { key: '/', icon: <HomeOutlined />, label: t('admin.backHome') },
                ],
                onClick: ({ key }) => navigate(key),
              }}
            >
              <Button type="text" aria-label={t('admin.menu.more')} icon={<MoreOutlined />} />
            </Dropdown>
          ) : (
            <Space wrap size="small">
              {/* Six links and the title do not fit a 1,366 px header with their names: icons there. */}
              {HEADER_LINKS.map((link) =>
                wide ? (
                  <Button key={link.key} icon={link.icon} onClick={() => navigate(link.route)}>
                    {t(`admin.menu.${link.key}`)}
                  </Button>
                ) : (
                  <Tooltip key={link.key} title={t(`admin.menu.${link.key}`)}>
                    <Button
                      icon={link.icon}
                      aria-label={t(`admin.menu.${link.key}`)}
                      onClick={() => navigate(link.route)}
                    />
                  </Tooltip>
                ),
              )}
              <LanguageSwitch />
              <ThemeSwitch />
              <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/')}>
                {t('admin.backHome')}
              </Button>
            </Space>
          )}
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 8 : 16, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
