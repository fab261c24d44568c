import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { JackpotBanner } from './JackpotBanner';
import { TableList } from './TableList';
import { TournamentTab } from './TournamentTab';

/** `/`: the jackpot, then the Tables and Tournament tabs. Public. */
export default function LobbyPage() {
  const { t } = useTranslation();
  return (
    <div className="lobby">
      <JackpotBanner />
      <Tabs
        className="lobby__tabs"
        defaultActiveKey="tables"
        items={[
          { key: 'tables', label: t('lobby.tabs.tables'), children: <TableList /> },
          { key: 'tournament', label: t('lobby.tabs.tournament'), children: <TournamentTab /> },
        ]}
      />
    </div>
  );
}
