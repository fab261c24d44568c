import { Card, Empty, List, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useNarrowScreen } from './useNarrowScreen';

/** The column whose key is this holds the row's buttons: pinned on the right, or the card's footer. */
const ACTIONS_KEY = 'actions';

type Row = object;

/**
 * An admin list that fits any screen. Wide: antd's table scrolling inside its own box, with the Actions
 * column pinned to the right so it is never cut off. Narrow (a phone): each row is a card of
 * "title: value" lines with the row's actions below, always in view; the page itself never scrolls sideways.
 */
export function ListTable<T extends Row>(props: TableProps<T>) {
  const narrow = useNarrowScreen();
  const columns = (props.columns ?? []) as ColumnType<T>[];
  if (!narrow) {
    return (
      <Table<T>
        {...props}
        // x: true lets cells wrap to fit the screen first; the table scrolls in its box only past that.
        scroll={{ ...props.scroll, x: true }}
        columns={columns.map((column) =>
          column.key === ACTIONS_KEY
            ? {
                ...column,
                fixed: 'right' as const,
                render: (value: unknown, row: T, index: number) => (
                  <div className="admin-actions">{cellOf(column, row, index)}</div>
                ),
              }
            : column,
        )}
      />
    );
  }
  const pagination = props.pagination === false ? false : (props.pagination ?? undefined);
  const loading =
    typeof props.loading === 'object' ? Boolean(props.loading.spinning) : Boolean(props.loading);
  return (
    <List<T>
      className="admin-cards"
      loading={loading}
      dataSource={(props.dataSource ?? []) as T[]}
      rowKey={(row) => rowKeyOf(row, props.rowKey)}
      locale={{ emptyText: (props.locale?.emptyText as ReactNode) ?? <Empty /> }}
      pagination={
        pagination
          ? {
              current: pagination.current,
              pageSize: pagination.pageSize,
              total: pagination.total,
              onChange: pagination.onChange,
              size: 'small',
              align: 'center',
            }
          : false
      }
      renderItem={(row, index) => {
        const actions = columns.find((column) => column.key === ACTIONS_KEY);
        return (
          <List.Item style={{ paddingInline: 0 }}>
            <Card size="small" style={{ width: '100%' }} data-testid="admin-card">
              <dl className="admin-card__fields">
                {columns
                  .filter((column) => column !== actions)
                  .map((column, at) => (
                    <div key={String(column.key ?? at)} className="admin-card__field">
                      <dt>{column.title as ReactNode}</dt>
                      <dd>{cellOf(column, row, index)}</dd>
                    </div>
                  ))}
              </dl>
              {actions ? <div className="admin-card__actions">{cellOf(actions, row, index)}</div> : null}
            </Card>
          </List.Item>
        );
      }}
    />
  );
}

function cellOf<T extends Row>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex;
  const value =
    path === undefined
      ? undefined
      : (row as Record<string, unknown>)[Array.isArray(path) ? String(path[0]) : String(path)];
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? '—' : String(value);
}

function rowKeyOf<T extends Row>(row: T, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(row);
  return (row as Record<string, Key>)[String(rowKey ?? 'key')];
}
