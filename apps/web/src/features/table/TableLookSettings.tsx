import { App as AntApp } from 'antd';
import { CARD_BACKS, FELT_COLOURS, type TableLook } from '@tenger/protocol';
import { useTranslation } from 'react-i18next';
import { useSetTableLookMutation } from '../../api/userApi';
import { useTableLook } from './tableLook';
import './tableLook.css';

/**
 * The settings dialog's felt colour and card back, kept on the account (PUT /table-look): the table shows a
 * choice at once, and goes back to the account's look if the server refuses it. Signed-in players only.
 */
export function TableLookSettings() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const look = useTableLook();
  const [save] = useSetTableLookMutation();
  const choose = (change: Partial<TableLook>) =>
    void save({ ...look, ...change })
      .unwrap()
      .catch(() => message.error(t('tableHabits.look.saveFailed')));

  return (
    <>
      <LookChoices
        legend={t('tableHabits.look.felt')}
        name="table-felt"
        values={FELT_COLOURS}
        chosen={look.felt}
        sample={(felt) => `look-swatch look-swatch--${felt}`}
        label={(felt) => t(`tableHabits.look.felts.${felt}`)}
        onChoose={(felt) => choose({ felt })}
      />
      <LookChoices
        legend={t('tableHabits.look.cardBack')}
        name="card-back"
        values={CARD_BACKS}
        chosen={look.cardBack}
        sample={(back) => `look-card look-card--${back}`}
        label={(back) => t(`tableHabits.look.backs.${back}`)}
        onChoose={(cardBack) => choose({ cardBack })}
      />
    </>
  );
}

/** One radio group of looks, each with a sample of it beside its name. */
function LookChoices<V extends string>(props: {
  legend: string;
  name: string;
  values: readonly V[];
  chosen: V;
  /** The sample's class names. */
  sample: (value: V) => string;
  label: (value: V) => string;
  onChoose: (value: V) => void;
}) {
  return (
    <fieldset className="look-choices">
      <legend>{props.legend}</legend>
      {props.values.map((value) => (
        <label key={value} className="look-choice">
          <input
            type="radio"
            name={props.name}
            value={value}
            checked={props.chosen === value}
            onChange={() => props.onChoose(value)}
          />
          <span className={props.sample(value)} aria-hidden="true" />
          {props.label(value)}
        </label>
      ))}
    </fieldset>
  );
}
