import { useTranslation } from 'react-i18next';
import { Tabs } from '../../app/Tabs';
import { JackpotBanner } from './JackpotBanner';
import { TableList } from './TableList';
import { TournamentTab } from './TournamentTab';

/** `/`: the jackpot, then the Tables and Tournament tabs. Public. Built without antd to stay light. */
export default function LobbyPage() {
  const { t } = useTranslation();
  return (
    <div className="lobby">
      <JackpotBanner />
      <Tabs
        label={t('app.name')}
        items={[
          { key: 'tables', label: t('lobby.tabs.tables'), content: <TableList /> },
          { key: 'tournament', label: t('lobby.tabs.tournament'), content: <TournamentTab /> },
        ]}
      />
    </div>
  );
}
