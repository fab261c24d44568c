import {
  PLAYER_NOTE_COLOURS,
  PLAYER_NOTE_MAX_LENGTH,
  type PlayerNote,
  type PlayerNoteColour,
  type TableSeat,
} from '@tenger/protocol';
import { Alert, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../admin/apiError';
import { useNotesOwner, usePutPlayerNoteMutation } from './playerNotesApi';

export interface PlayerNoteDialogProps {
  /** The player the note is about; null: closed. */
  player: Pick<TableSeat, 'userId' | 'username'> | null;
  /** The note kept on them now, if any. */
  note: PlayerNote | undefined;
  onClose: () => void;
}

const NO_COLOUR = 'none';

/** The viewer's private note and colour tag on a player at the table (opened from that player's seat). */
export function PlayerNoteDialog({ player, note, onClose }: PlayerNoteDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [colour, setColour] = useState<PlayerNoteColour | typeof NO_COLOUR>(NO_COLOUR);
  const [error, setError] = useState<string | null>(null);
  const [save, state] = usePutPlayerNoteMutation();
  const owner = useNotesOwner();

  useEffect(() => {
    if (!player) return;
    setText(note?.note ?? '');
    setColour(note?.colour ?? NO_COLOUR);
    setError(null);
    // Filled once per opening: a fresh list arriving while the player types must not wipe the draft.
  }, [player]);

  const submit = async () => {
    if (!player || owner === null) return;
    try {
      await save({
        owner,
        userId: player.userId,
        note: text.trim(),
        colour: colour === NO_COLOUR ? null : colour,
      }).unwrap();
      onClose();
    } catch (err) {
      setError(errorText(err, t));
    }
  };

  return (
    <Modal
      open={player !== null}
      title={player ? t('table.notes.title', { name: player.username }) : ''}
      onCancel={onClose}
      okText={t('table.notes.save')}
      cancelText={t('table.cancel')}
      confirmLoading={state.isLoading}
      onOk={() => void submit()}
      width={440}
      destroyOnHidden
    >
      <div className="note-dialog">
        <div className="note-dialog__field" role="group" aria-labelledby="note-dialog-colour">
          <span id="note-dialog-colour">{t('table.notes.colour')}</span>
          <Radio.Group
            className="note-dialog__colours"
            value={colour}
            onChange={(event) => setColour(event.target.value as PlayerNoteColour | typeof NO_COLOUR)}
            options={[NO_COLOUR, ...PLAYER_NOTE_COLOURS].map((value) => ({
              value,
              label: (
                <span className="note-dialog__colour">
                  <span className={`note-swatch note-swatch--${value}`} aria-hidden="true" />
                  {t(`table.notes.colours.${value}`)}
                </span>
              ),
            }))}
          />
        </div>
        <label className="note-dialog__field">
          <span>{t('table.notes.text')}</span>
          <Input.TextArea
            aria-label={t('table.notes.text')}
            rows={4}
            maxLength={PLAYER_NOTE_MAX_LENGTH}
            showCount
            value={text}
            placeholder={t('table.notes.placeholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <p className="note-dialog__hint">{t('table.notes.hint')}</p>
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </Modal>
  );
}
