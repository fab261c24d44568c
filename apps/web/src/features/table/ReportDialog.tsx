import {
  REPORT_REASON_MAX_LENGTH,
  type ReportRequest,
  type ReportResponse,
  type TableSeat,
} from '@tenger/protocol';
import { Alert, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/userApi';
import { errorText } from '../admin/apiError';

const reportApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    /** A report of a player, with a reason: it lands on the administrators' security desk. */
    reportPlayer: build.mutation<ReportResponse, ReportRequest>({
      query: (body) => ({ url: '/report', method: 'POST', body }),
    }),
  }),
});

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  tableId: number;
  /** The players at the table the viewer may report (not the viewer). */
  players: readonly Pick<TableSeat, 'userId' | 'username'>[];
  /** The newest hand of this visit, sent with the report. */
  handId: string | null;
}

const FIELD = { display: 'grid', gap: 4, marginBottom: 12 } as const;

/** "Report a player" from the table menu: whom, and what happened; the security desk reads it. */
export function ReportDialog({ open, onClose, tableId, players, handId }: ReportDialogProps) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [report, state] = reportApi.useReportPlayerMutation();

  useEffect(() => {
    if (!open) return;
    setUserId(players.length === 1 ? players[0].userId : null);
    setReason('');
    setError(null);
    setSent(false);
  }, [open, players]);

  const submit = async () => {
    if (userId === null || reason.trim() === '') {
      setError(t('table.report.missing'));
      return;
    }
    try {
      await report({ userId, tableId, reason: reason.trim(), ...(handId ? { handId } : {}) }).unwrap();
      setSent(true);
    } catch (err) {
      setError(errorText(err, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t('table.report.title')}
      onCancel={onClose}
      okText={sent ? t('table.report.close') : t('table.report.send')}
      cancelButtonProps={{ style: sent ? { display: 'none' } : undefined }}
      cancelText={t('table.cancel')}
      confirmLoading={state.isLoading}
      onOk={() => (sent ? onClose() : void submit())}
      width={460}
    >
      {sent ? (
        <Alert type="success" showIcon message={t('table.report.sent')} />
      ) : (
        <div className="report-dialog">
          <label className="report-dialog__field" style={FIELD}>
            <span>{t('table.report.player')}</span>
            <Select
              aria-label={t('table.report.player')}
              value={userId ?? undefined}
              placeholder={t('table.report.choose')}
              options={players.map((p) => ({ value: p.userId, label: p.username }))}
              onChange={(value: number) => setUserId(value)}
              style={{ width: '100%' }}
            />
          </label>
          <label className="report-dialog__field" style={FIELD}>
            <span>{t('table.report.reason')}</span>
            <Input.TextArea
              aria-label={t('table.report.reason')}
              rows={4}
              maxLength={REPORT_REASON_MAX_LENGTH}
              value={reason}
              placeholder={t('table.report.reasonHint')}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <p className="report-dialog__note" style={{ opacity: 0.75 }}>
            {t('table.report.note')}
          </p>
          {error && <Alert type="error" showIcon message={error} />}
        </div>
      )}
    </Modal>
  );
}
