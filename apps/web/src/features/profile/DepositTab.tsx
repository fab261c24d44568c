import type { PlayerDepositStatus } from '@tenger/protocol';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../api/types';
import { useGetDepositInfoQuery, useGetDepositsQuery } from '../../api/userApi';
import { PROFILE_LIST_PAGE_SIZE } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { useContentBlock } from '../../app/useContentBlock';
import { depositAccountsFor } from './depositAccounts';
import { CopyButton, DepositReference } from './DepositReference';

/** The content block (both languages, edited by administrators) that says how to deposit. */
export const DEPOSIT_INSTRUCTIONS_BLOCK = 'deposit-instructions';

const STATUS_COLOURS: Record<PlayerDepositStatus, string> = {
  pending: 'gold',
  credited: 'green',
  reversed: 'default',
  refused: 'red',
};

/**
 * How to deposit: the site's receiving accounts (the reader's language, else the other), the player's
 * own deposit reference to write on the transfer, the instructions block; then the player's deposits:
 * code, amount, status, date.
 */
export function DepositTab() {
  const { t } = useTranslation();
  const instructions = useContentBlock(DEPOSIT_INSTRUCTIONS_BLOCK);
  return (
    <div className="deposit">
      <section className="deposit__howto" aria-labelledby="deposit-howto">
        <h2 id="deposit-howto">{t('account.depositHowTo')}</h2>
        <SiteAccounts />
        <DepositReference />
        {instructions && <p className="deposit__instructions">{instructions}</p>}
      </section>
      <DepositList />
    </div>
  );
}

function SiteAccounts() {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useGetDepositInfoQuery();
  if (isLoading) return null;
  const accounts = depositAccountsFor(data?.accounts, i18n.language);
  if (accounts.length === 0) {
    return <p className="deposit__no-account">{t('profile.deposit.noAccount')}</p>;
  }
  return (
    <>
      <p className="deposit__lead">{t('profile.deposit.transferTo')}</p>
      <ul className="deposit__accounts" data-testid="deposit-accounts">
        {accounts.map((account) => (
          <li key={`${account.bank}-${account.accountNumber}`} className="deposit__account">
            <span className="deposit__bank">{account.bank}</span>
            <span className="deposit__number-row">
              <code className="deposit__number">{account.accountNumber}</code>
              <CopyButton
                text={account.accountNumber.replace(/\s/g, '')}
                label={t('profile.deposit.copyAccount', { bank: account.bank })}
              />
            </span>
            <span className="deposit__holder">{t('profile.deposit.holder', { holder: account.holder })}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function DepositList() {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: PROFILE_LIST_PAGE_SIZE });
  const { data, isFetching } = useGetDepositsQuery(paging);
  return (
    <Table<Deposit>
      rowKey={(row) => row.depositId}
      dataSource={data?.items ?? []}
      loading={isFetching}
      size="middle"
      // No sideways scroll: at 390 px the date wraps under itself and every column stays on screen.
      className="deposit__list"
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: (page, pageSize) => setPaging({ page: pageSize !== paging.pageSize ? 1 : page, pageSize }),
      }}
      locale={{ emptyText: t('profile.deposit.empty') }}
      columns={[
        { title: t('profile.columns.code'), dataIndex: 'code', key: 'code' },
        {
          title: t('profile.columns.amount'),
          dataIndex: 'amount',
          key: 'amount',
          align: 'right',
          render: (amount: number) => formatMoney(amount, i18n.language),
        },
        {
          title: t('profile.columns.status'),
          key: 'status',
          render: (_value, row) => {
            // Rows from an older server carry no status: they were all credited.
            const status = row.status ?? 'credited';
            return <Tag color={STATUS_COLOURS[status]}>{t(`profile.deposit.statuses.${status}`)}</Tag>;
          },
        },
        {
          title: t('profile.columns.approvedDate'),
          key: 'approvedAt',
          // Only money that moved has an approved date.
          render: (_value, row) =>
            row.status === 'pending' || row.status === 'refused'
              ? '—'
              : formatDateTime(row.approvedAt, i18n.language),
        },
      ]}
    />
  );
}
