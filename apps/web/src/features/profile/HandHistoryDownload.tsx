import { DatePicker, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseQuery';
import { userApi } from '../../api/userApi';
import { downloadText } from '../../app/download';

const handExportApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every hand of the UTC days from..to as one PokerStars-format text file ('' when none). */
    exportHands: build.mutation<string, { from: string; to: string }>({
      query: ({ from, to }) => ({
        url: '/hands/export',
        method: 'GET',
        params: { from, to },
        responseHandler: (response: Response) => (response.ok ? response.text() : response.json()),
      }),
    }),
  }),
});

/** Game History: download all your hands of a date range as PokerStars text that trackers import. */
export function HandHistoryDownload() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(30, 'day'), dayjs()]);
  const [exportHands, state] = handExportApi.useExportHandsMutation();

  async function download() {
    const from = range[0].format('YYYY-MM-DD');
    const to = range[1].format('YYYY-MM-DD');
    try {
      const text = await exportHands({ from, to }).unwrap();
      if (text === '') {
        void message.info(t('profile.handDownload.none'));
        return;
      }
      downloadText(text, `tenger-hands-${from}-${to}.txt`);
    } catch (err) {
      void message.error(apiErrorMessage(err) ?? t('common.unknownError'));
    }
  }

  return (
    <div
      className="hand-download"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}
      role="group"
      aria-label={t('profile.handDownload.title')}
    >
      <span>{t('profile.handDownload.title')}</span>
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(values) => {
          if (values?.[0] && values[1]) setRange([values[0], values[1]]);
        }}
        aria-label={t('profile.handDownload.range')}
      />
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void download()}
        disabled={state.isLoading}
      >
        {t('profile.handDownload.download')}
      </button>
      <small>{t('profile.handDownload.help')}</small>
    </div>
  );
}
