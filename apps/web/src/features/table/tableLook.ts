import { DEFAULT_TABLE_LOOK, type TableLook } from '@tenger/protocol';
import { useGetTableLookQuery } from '../../api/userApi';
import { useAppSelector } from '../../app/hooks';

/**
 * The felt colour and card back the player keeps on the account (loaded when the app starts); a visitor,
 * or a player whose look has not arrived yet, sees the defaults.
 */
export function useTableLook(): TableLook {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const { data } = useGetTableLookQuery(undefined, { skip: !isAuthenticated });
  return isAuthenticated && data ? data : DEFAULT_TABLE_LOOK;
}

/** The attributes that dress the table (table.css draws each felt and card back from them). */
export function lookAttributes(look: TableLook): { 'data-felt': string; 'data-card-back': string } {
  return { 'data-felt': look.felt, 'data-card-back': look.cardBack };
}
