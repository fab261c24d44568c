import type { AdminUser } from '@tenger/protocol';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchUsersQuery } from './adminEndpoints';

const SEARCH_DELAY_MS = 300;

/** Finds a user by name, email, id or deposit reference as the admin types; the value is the user id. */
export function UserPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (userId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useSearchUsersQuery({ q, page: 1, pageSize: 20 }, { skip: q === '' });
  // The chosen user (for example from a link with ?userId=) keeps its label while other names are searched.
  const chosen = useSearchUsersQuery(
    { q: String(value), page: 1, pageSize: 20 },
    { skip: value === undefined },
  );
  const users = new Map<number, AdminUser>();
  for (const user of chosen.data?.items ?? []) if (user.userId === value) users.set(user.userId, user);
  for (const user of found.data?.items ?? []) users.set(user.userId, user);

  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={t('admin.deposits.userPlaceholder')}
      loading={found.isFetching}
      notFoundContent={q ? t('admin.users.empty') : t('admin.deposits.typeToSearch')}
      options={[...users.values()].map((user) => ({
        value: user.userId,
        label: [user.username, user.email, `#${user.userId}`, user.depositReference]
          .filter(Boolean)
          .join(' · '),
        disabled: user.status !== 'active',
      }))}
    />
  );
}
