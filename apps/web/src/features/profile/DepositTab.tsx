import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../api/types';
import { useGetDepositsQuery } from '../../api/userApi';
import { PROFILE_LIST_PAGE_SIZE } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { useContentBlock } from '../../app/useContentBlock';

/** The content block (both languages, edited by administrators) that says how to deposit. */
export const DEPOSIT_INSTRUCTIONS_BLOCK = 'deposit-instructions';

/** How to deposit (a content block), then the player's deposits: code, amount, approved date. */
export function DepositTab() {
  const { t } = useTranslation();
  const instructions = useContentBlock(DEPOSIT_INSTRUCTIONS_BLOCK);
  return (
    <div className="deposit">
      {instructions && (
        <section className="deposit__howto" aria-labelledby="deposit-howto">
          <h2 id="deposit-howto">{t('account.depositHowTo')}</h2>
          <p className="deposit__instructions">{instructions}</p>
        </section>
      )}
      <DepositList />
    </div>
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
      scroll={{ x: 'max-content' }}
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
          title: t('profile.columns.approvedDate'),
          key: 'approvedAt',
          render: (_value, row) => formatDateTime(row.approvedAt, i18n.language),
        },
      ]}
    />
  );
}
