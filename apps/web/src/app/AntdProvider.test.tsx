import { screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';

describe("antd's texts in Mongolian", () => {
  it('a table\'s page size changer is labelled in Mongolian, not "Page Size"', () => {
    renderWithApp(
      <Table
        rowKey="id"
        columns={[{ title: 'x', dataIndex: 'id' }]}
        dataSource={[{ id: 1 }]}
        pagination={{ showSizeChanger: true, total: 500, current: 1, pageSize: 20 }}
      />,
      { language: 'mn' },
    );
    expect(screen.getByLabelText('Хуудасны хэмжээ')).toBeInTheDocument();
    expect(screen.queryByLabelText('Page Size')).toBeNull();
  });
});
