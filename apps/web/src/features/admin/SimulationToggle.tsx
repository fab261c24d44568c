import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStartSimulationMutation, useStopSimulationMutation } from './adminEndpoints';
import { errorText } from './apiError';
import { useSingleFlight } from './useSingleFlight';

interface SimulatedTable {
  tableId: number;
  name: string;
  simulation: boolean;
  closed?: boolean;
}

/**
 * Start or stop the bots at a table, after a confirmation (bots sit with house money; stopping sends
 * them away). One definition for the tables list and the live session. `onChanged` hears each change,
 * so the list can follow the table closely until the bots have sat down or gone.
 */
export function SimulationToggle({
  table,
  size,
  onChanged,
}: {
  table: SimulatedTable;
  size?: 'small';
  onChanged?: (tableId: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [startSimulation] = useStartSimulationMutation();
  const [stopSimulation] = useStopSimulationMutation();
  const guard = useSingleFlight(async (start: boolean) => {
    try {
      await (start ? startSimulation : stopSimulation)(table.tableId).unwrap();
      onChanged?.(table.tableId);
      void message.success(
        t(start ? 'admin.tables.simulationStarted' : 'admin.tables.simulationStopped', { name: table.name }),
      );
    } catch (err) {
      void message.error(errorText(err, t));
    }
  });
  const start = !table.simulation;
  const label = t(start ? 'admin.tables.startSimulation' : 'admin.tables.stopSimulation');
  return (
    <Popconfirm
      title={t(start ? 'admin.simulationConfirm.start' : 'admin.simulationConfirm.stop', {
        name: table.name,
      })}
      okText={label}
      cancelText={t('admin.common.cancel')}
      onConfirm={() => guard.run('simulation', start)}
      disabled={start && table.closed}
    >
      <Button size={size} loading={guard.isBusy('simulation')} disabled={start && table.closed}>
        {label}
      </Button>
    </Popconfirm>
  );
}
