import { App, Button, Dropdown, Form, InputNumber, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TournamentStatus, TournamentSummary } from '../../api/tournamentTypes';
import { useGetTournamentsQuery, useLazyGetTournamentQuery } from '../../api/userApi';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { tournamentErrorText } from '../tournament/tournamentRules';
import { TABLE_LIST_POLL_MS } from './adminConstants';
import {
  useAddTournamentBotsMutation,
  useCancelTournamentMutation,
  useCreateTournamentMutation,
  useRemoveTournamentBotsMutation,
  useUpdateTournamentMutation,
} from './adminEndpoints';
import { rowsOfLevels } from './customLevels';
import { ListTable } from './ListTable';
import { TournamentForm } from './TournamentForm';
import {
  requestOf,
  summaryValues,
  templateValues,
  TOURNAMENT_TEMPLATES,
  type TournamentFormValues,
} from './tournamentTemplates';
import { useSingleFlight } from './useSingleFlight';

const STATUS_COLOR: Record<TournamentStatus, string> = {
  scheduled: 'blue',
  registering: 'blue',
  running: 'green',
  break: 'gold',
  finished: 'default',
  cancelled: 'red',
};

/** Registration is open: the tournament may still be changed, and bots may come or go. */
const isOpen = (tournament: TournamentSummary) =>
  tournament.status === 'registering' || tournament.status === 'scheduled';
const isOver = (tournament: TournamentSummary) =>
  tournament.status === 'finished' || tournament.status === 'cancelled';

/**
 * Tournaments: the list (status, start, buy-in + fee, entrants, prize pool); create from a template with
 * every field editable; edit before the start; watch (the tournament's lobby page, with its tables); fill
 * with bots or take them out while registering; cancel by the published policy after a confirmation.
 */
export function TournamentsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const {
    data = [],
    isLoading,
    error,
  } = useGetTournamentsQuery(undefined, {
    pollingInterval: TABLE_LIST_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [createTournament] = useCreateTournamentMutation();
  const [updateTournament] = useUpdateTournamentMutation();
  const [cancelTournament] = useCancelTournamentMutation();
  const [addBots] = useAddTournamentBotsMutation();
  const [removeBots] = useRemoveTournamentBotsMutation();
  const [loadTournament] = useLazyGetTournamentQuery();
  const guard = useSingleFlight(async (action: () => Promise<unknown>) => action());
  const [editing, setEditing] = useState<TournamentSummary | 'new' | null>(null);
  const [filling, setFilling] = useState<TournamentSummary | null>(null);
  const [botCount, setBotCount] = useState<number | null>(null);
  const [form] = Form.useForm<TournamentFormValues>();
  const money = (amount: number) => formatMoney(amount, i18n.language);

  const attempt = (key: string, action: () => Promise<string>) =>
    guard.run(key, async () => {
      try {
        void message.success(await action());
      } catch (err) {
        void message.error(tournamentErrorText(err, t));
      }
    });

  const save = (values: TournamentFormValues) =>
    attempt('save', async () => {
      const request = requestOf(values);
      if (editing === 'new') {
        const created = await createTournament(request).unwrap();
        setEditing(null);
        return t('admin.tournaments.created', { name: created.name });
      }
      if (editing) {
        const saved = await updateTournament({ ...request, tournamentId: editing.tournamentId }).unwrap();
        setEditing(null);
        return t('admin.tournaments.saved', { name: saved.name });
      }
      return '';
    });

  const startFrom = (templateKey: string) => {
    const template = TOURNAMENT_TEMPLATES.find((entry) => entry.key === templateKey);
    if (!template) return;
    form.resetFields();
    form.setFieldsValue(templateValues(template, t(`admin.tournaments.templates.${template.key}`)));
    setEditing('new');
  };
  const edit = (tournament: TournamentSummary) => {
    form.resetFields();
    form.setFieldsValue(summaryValues(tournament));
    setEditing(tournament);
    // Custom levels on an edit start from the tournament's own (shown only if the admin picks Custom).
    loadTournament(tournament.tournamentId, true)
      .unwrap()
      .then((detail) => {
        if (!(form.getFieldValue('levels') as unknown[] | undefined)?.length)
          form.setFieldValue('levels', rowsOfLevels(detail.levels));
      })
      .catch(() => undefined);
  };
  const openBots = (tournament: TournamentSummary) => {
    setBotCount(Math.max(1, tournament.maxEntrants - tournament.entrants));
    setFilling(tournament);
  };
  const fill = () => {
    const tournament = filling;
    if (!tournament || botCount === null) return;
    void attempt(`bots-${tournament.tournamentId}`, async () => {
      const { bots } = await addBots({ tournamentId: tournament.tournamentId, bots: botCount }).unwrap();
      setFilling(null);
      return t('admin.tournaments.botsAdded', { count: bots, name: tournament.name });
    });
  };

  return (
    <section aria-labelledby="admin-tournaments-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} id="admin-tournaments-title" style={{ margin: 0 }}>
          {t('admin.tournaments.title')}
        </Typography.Title>
        <Dropdown
          trigger={['click']}
          menu={{
            items: TOURNAMENT_TEMPLATES.map((template) => ({
              key: template.key,
              label: t(`admin.tournaments.templates.${template.key}`),
            })),
            onClick: ({ key }) => startFrom(key),
          }}
        >
          <Button type="primary">{t('admin.tournaments.create')}</Button>
        </Dropdown>
      </Space>
      {error ? (
        <Typography.Paragraph type="danger">{tournamentErrorText(error, t)}</Typography.Paragraph>
      ) : null}
      <ListTable<TournamentSummary>
        rowKey="tournamentId"
        size="middle"
        loading={isLoading}
        dataSource={data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('tournament.none') }}
        columns={[
          {
            title: t('tournament.columns.name'),
            key: 'name',
            render: (_value, tournament) => (
              <Space size={4} wrap>
                <Link to={`/tournament/${tournament.tournamentId}`}>{tournament.name}</Link>
                <Tag>{t(`tournament.kind.${tournament.kind}`)}</Tag>
              </Space>
            ),
          },
          {
            title: t('tournament.columns.status'),
            key: 'status',
            render: (_value, tournament) => (
              <Tag color={STATUS_COLOR[tournament.status]}>{t(`tournament.status.${tournament.status}`)}</Tag>
            ),
          },
          {
            title: t('tournament.columns.start'),
            key: 'start',
            render: (_value, tournament) =>
              tournament.startsAt
                ? formatDateTime(tournament.startsAt, i18n.language)
                : t('tournament.startsWhenFull'),
          },
          {
            title: t('tournament.columns.buyIn'),
            key: 'buyIn',
            render: (_value, tournament) => `${money(tournament.buyIn)} + ${money(tournament.fee)}`,
          },
          {
            title: t('tournament.columns.entrants'),
            key: 'entrants',
            render: (_value, tournament) =>
              `${tournament.entrants} / ${tournament.maxEntrants} (${t('tournament.minEntrants', { min: tournament.minEntrants })})`,
          },
          {
            title: t('tournament.columns.prizePool'),
            key: 'prizePool',
            render: (_value, tournament) => money(tournament.prizePool),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, tournament) => {
              const key = `tournament-${tournament.tournamentId}`;
              const open = isOpen(tournament);
              return (
                <Space wrap size="small">
                  <Link to={`/tournament/${tournament.tournamentId}`}>{t('admin.tournaments.watch')}</Link>
                  {open ? (
                    <>
                      <Button size="small" onClick={() => edit(tournament)}>
                        {t('admin.common.edit')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => openBots(tournament)}
                        disabled={tournament.entrants >= tournament.maxEntrants}
                      >
                        {t('admin.tournaments.addBots')}
                      </Button>
                      <Popconfirm
                        title={t('admin.tournaments.removeBotsConfirm', { name: tournament.name })}
                        okText={t('admin.tournaments.removeBots')}
                        cancelText={t('admin.common.cancel')}
                        onConfirm={() =>
                          attempt(`bots-${tournament.tournamentId}`, async () => {
                            const { bots } = await removeBots(tournament.tournamentId).unwrap();
                            return t('admin.tournaments.botsRemoved', { count: bots, name: tournament.name });
                          })
                        }
                      >
                        <Button size="small" loading={guard.isBusy(`bots-${tournament.tournamentId}`)}>
                          {t('admin.tournaments.removeBots')}
                        </Button>
                      </Popconfirm>
                    </>
                  ) : null}
                  {isOver(tournament) ? null : (
                    <Popconfirm
                      title={t('admin.tournaments.cancelConfirm', { name: tournament.name })}
                      description={
                        <Typography.Paragraph style={{ maxWidth: 320, margin: 0 }}>
                          {t('admin.tournaments.cancelPolicy')}
                        </Typography.Paragraph>
                      }
                      okText={t('admin.tournaments.cancel')}
                      cancelText={t('admin.tournaments.keep')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        attempt(key, async () => {
                          await cancelTournament(tournament.tournamentId).unwrap();
                          return t('admin.tournaments.cancelled', { name: tournament.name });
                        })
                      }
                    >
                      <Button size="small" danger loading={guard.isBusy(key)}>
                        {t('admin.tournaments.cancel')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing === 'new'
            ? t('admin.tournaments.create')
            : t('admin.tournaments.editTitle', { name: editing?.name ?? '' })
        }
        okText={t('admin.common.save')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{ loading: guard.isBusy('save') }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        {editing !== null && editing !== 'new' && editing.entrants > 0 ? (
          <Typography.Paragraph type="secondary">{t('admin.tournaments.moneyFixed')}</Typography.Paragraph>
        ) : null}
        <TournamentForm
          form={form}
          editing={editing !== 'new'}
          tournamentId={editing && editing !== 'new' ? editing.tournamentId : undefined}
          onFinish={save}
        />
      </Modal>
      <Modal
        open={filling !== null}
        title={t('admin.tournaments.addBotsTitle', { name: filling?.name ?? '' })}
        okText={t('admin.tournaments.addBots')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{
          loading: filling ? guard.isBusy(`bots-${filling.tournamentId}`) : false,
          disabled: botCount === null,
        }}
        onOk={fill}
        onCancel={() => setFilling(null)}
      >
        <Typography.Paragraph type="secondary">{t('admin.tournaments.botsNote')}</Typography.Paragraph>
        <label htmlFor="tournament-bot-count">{t('admin.tournaments.botCount')}</label>
        <InputNumber<number>
          id="tournament-bot-count"
          min={1}
          max={filling ? Math.max(1, filling.maxEntrants - filling.entrants) : 1}
          precision={0}
          value={botCount}
          onChange={setBotCount}
          style={{ width: '100%' }}
        />
      </Modal>
    </section>
  );
}
