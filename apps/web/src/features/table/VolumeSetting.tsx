import { useTranslation } from 'react-i18next';
import { MAX_SOUND_VOLUME, updateTableSettings, useTableSettings } from './settings';
import { playSound } from './sounds';

/** The keys that move a range input (a Tab into it plays nothing). */
const VOLUME_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The table's volume (0: silent), under the sounds switch that mutes the effects. Kept on this device only:
 * the right level differs from a phone to a desktop. Letting go of the slider plays a chip at the new level.
 */
export function VolumeSetting() {
  const { t } = useTranslation();
  const settings = useTableSettings();
  const label = t('tableHabits.volume');
  return (
    <label className="settings__row">
      <span>{label}</span>
      <span className="settings__volume">
        <input
          type="range"
          min={0}
          max={MAX_SOUND_VOLUME}
          step={5}
          value={settings.soundVolume}
          disabled={!settings.sounds}
          aria-label={label}
          aria-valuetext={t('tableHabits.volumeValue', { value: settings.soundVolume })}
          onChange={(event) => updateTableSettings({ soundVolume: Number(event.target.value) })}
          onPointerUp={() => playSound('chip')}
          onKeyUp={(event) => {
            if (VOLUME_KEYS.has(event.key)) playSound('chip');
          }}
        />
        <output aria-hidden="true">{settings.soundVolume}</output>
      </span>
    </label>
  );
}
