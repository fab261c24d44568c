import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGetLockedMoneyQuery, useGetMeQuery } from '../../api/userApi';
import { formatMoney } from '../../app/money';
import { AnimatedAmount } from '../../app/AnimatedAmount';
import { useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../app/PageSpinner';
import { AccountTab } from './AccountTab';
import { DepositTab } from './DepositTab';
import { GameHistoryTab } from './GameHistoryTab';
import { MyTickets } from './MyTickets';
import { MyTournamentsTab } from './MyTournamentsTab';
import { WithdrawTab } from './WithdrawTab';

const PROFILE_TABS = ['deposit', 'withdraw', 'history', 'tournaments', 'account'];

/** `/profile`: username, balance and locked; tabs Deposit, Withdraw, Game History, Tournaments, Account. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { checkedAuth, isAuthenticated, userInfo, userBalance } = useAppSelector((state) => state.auth);
  const { data: me } = useGetMeQuery(undefined, { skip: !isAuthenticated });
  // The open tab is in the address (`/profile?tab=deposit`), so a link can open one.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab = asked && PROFILE_TABS.includes(asked) ? asked : 'deposit';

  if (!checkedAuth) return <PageSpinner />;
  if (!isAuthenticated) {
    return (
      <section className="empty-page">
        <h1>{t('menu.userProfile')}</h1>
        <p>{t('profile.signInFirst')}</p>
        <Link className="btn btn--primary" to="/auth/login">
          {t('menu.login')}
        </Link>
      </section>
    );
  }
  const user = userInfo ?? me;
  return (
    <div className="profile">
      <section className="profile__summary" aria-label={t('menu.info')}>
        <div className="stat">
          <span className="stat__label">{t('menu.username')}</span>
          <span className="stat__value">{user?.username}</span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('menu.balance')}</span>
          <span className="stat__value">
            <AnimatedAmount amount={userBalance} />
          </span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('profile.locked')}</span>
          <span className="stat__value">
            <AnimatedAmount amount={user?.locked ?? 0} />
          </span>
          <LockedBreakdown locked={user?.locked ?? 0} />
        </div>
      </section>
      <Tabs
        className="profile__tabs"
        activeKey={tab}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        items={[
          { key: 'deposit', label: t('profile.tabs.deposit'), children: <DepositTab /> },
          { key: 'withdraw', label: t('profile.tabs.withdraw'), children: <WithdrawTab /> },
          { key: 'history', label: t('profile.tabs.gameHistory'), children: <GameHistoryTab /> },
          {
            key: 'tournaments',
            label: t('profile.tabs.tournaments'),
            children: (
              <>
                <MyTickets />
                <MyTournamentsTab />
              </>
            ),
          },
          { key: 'account', label: t('account.tab'), children: <AccountTab /> },
        ]}
      />
    </div>
  );
}

/** Under "Locked": how much is at tables, in withdrawals and in tournaments. */
function LockedBreakdown({ locked }: { locked: number }) {
  const { t, i18n } = useTranslation();
  const { data } = useGetLockedMoneyQuery(locked);
  if (!data || (data.total === 0 && data.inTournaments === 0)) return null;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  return (
    <ul className="stat__breakdown" data-testid="locked-breakdown">
      <li>{t('profile.lockedAt.tables', { amount: money(data.atTables) })}</li>
      <li>{t('profile.lockedAt.withdrawals', { amount: money(data.inWithdrawals) })}</li>
      <li>{t('profile.lockedAt.tournaments', { amount: money(data.inTournaments) })}</li>
    </ul>
  );
}
