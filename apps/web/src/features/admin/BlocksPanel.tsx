import type { ContentBlock, LocalizedText } from '@tenger/protocol';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_BLOCK_PLACES, isUsedBlockName, USED_BLOCK_NAMES } from '../../app/contentBlocks';
import { formatDateTime } from '../../app/dates';
import { errorText } from './apiError';
import { oneLanguageChanged } from './blockLanguages';
import {
  useCreateBlockMutation,
  useDeleteBlockMutation,
  useGetBlocksQuery,
  useUpdateBlockMutation,
} from './adminEndpoints';
import { useSingleFlight } from './useSingleFlight';
import { ListTable } from './ListTable';

interface BlockForm {
  name: string;
  en: string;
  mn: string;
}

const BLOCK_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A block's text exactly as players see it: plain text with its line breaks. It is rendered as a text
 * node, never as HTML, so no markup or script in a block can run.
 */
export function BlockText({ text }: { text: string }) {
  return <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</div>;
}

/** Content blocks: list, create, edit with a live preview in both languages, delete. */
export function BlocksPanel() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const { data = [], isLoading, error } = useGetBlocksQuery();
  const [createBlock] = useCreateBlockMutation();
  const [updateBlock] = useUpdateBlockMutation();
  const [deleteBlock] = useDeleteBlockMutation();
  const [editing, setEditing] = useState<ContentBlock | 'new' | null>(null);
  const [form] = Form.useForm<BlockForm>();
  const preview = Form.useWatch([], form) as Partial<BlockForm> | undefined;
  const guard = useSingleFlight(async (action: () => Promise<unknown>) => action());

  const open = (block: ContentBlock | 'new') => {
    form.setFieldsValue(
      block === 'new'
        ? { name: '', en: '', mn: '' }
        : { name: block.name, en: block.block.en, mn: block.block.mn },
    );
    setEditing(block);
  };

  const languageName = (language: 'en' | 'mn') =>
    t(language === 'en' ? 'admin.blocks.englishName' : 'admin.blocks.mongolianName');
  const oneChanged =
    editing && editing !== 'new' && preview ? oneLanguageChanged(editing.block, preview) : null;

  // Saving one language's text alone leaves the other language's readers with the old text: asked first.
  const submit = (values: BlockForm) => {
    const only = editing && editing !== 'new' ? oneLanguageChanged(editing.block, values) : null;
    if (!only) return save(values);
    void modal.confirm({
      title: t('admin.blocks.oneLanguageTitle', { changed: languageName(only.changed) }),
      content: t('admin.blocks.oneLanguageBody', { other: languageName(only.other) }),
      okText: t('admin.blocks.saveAnyway'),
      cancelText: t('admin.common.cancel'),
      onOk: () => save(values),
    });
  };

  const save = (values: BlockForm) =>
    guard.run('save', async () => {
      const block: LocalizedText = { en: values.en ?? '', mn: values.mn ?? '' };
      try {
        if (editing === 'new') await createBlock({ name: values.name.trim(), block }).unwrap();
        else if (editing) await updateBlock({ name: editing.name, block }).unwrap();
        setEditing(null);
        void message.success(t('admin.blocks.saved'));
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  const remove = (name: string) =>
    guard.run(`delete-${name}`, async () => {
      try {
        await deleteBlock(name).unwrap();
        void message.success(t('admin.blocks.deleted', { name }));
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  return (
    <Card
      title={t('admin.blocks.title')}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          {t('admin.blocks.create')}
        </Button>
      }
    >
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable<ContentBlock>
        rowKey="name"
        size="middle"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.blocks.empty') }}
        columns={[
          { title: t('admin.blocks.name'), dataIndex: 'name', key: 'name' },
          {
            title: t('admin.blocks.shownAt'),
            key: 'place',
            render: (_value, block) =>
              isUsedBlockName(block.name) ? (
                t(`contentPlaces.${CONTENT_BLOCK_PLACES[block.name]}`)
              ) : (
                <span data-testid={`block-nowhere-${block.name}`}>
                  <Tag color="error">{t('admin.blocks.nowhere')}</Tag>
                  <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 260 }}>
                    {t('admin.blocks.nowhereHelp')}
                  </Typography.Text>
                </span>
              ),
          },
          {
            title: t('admin.blocks.text'),
            key: 'text',
            render: (_value, block) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 420 }}>
                {i18n.language.startsWith('mn') ? block.block.mn : block.block.en}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('admin.blocks.updated'),
            dataIndex: 'updatedAt',
            key: 'updatedAt',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, block) => (
              <Space size="small">
                <Button size="small" onClick={() => open(block)}>
                  {t('admin.common.edit')}
                </Button>
                <Popconfirm
                  title={t('admin.blocks.deleteConfirm', { name: block.name })}
                  okText={t('admin.common.delete')}
                  cancelText={t('admin.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(block.name)}
                >
                  <Button size="small" danger loading={guard.isBusy(`delete-${block.name}`)}>
                    {t('admin.common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <BlockNamesUsed existing={data.map((block) => block.name)} />
      <Modal
        open={editing !== null}
        width={900}
        title={
          editing === 'new'
            ? t('admin.blocks.create')
            : t('admin.blocks.editTitle', { name: editing?.name ?? '' })
        }
        okText={t('admin.common.save')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{ loading: guard.isBusy('save') }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<BlockForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label={t('admin.blocks.name')}
            rules={[
              { required: true, message: t('admin.common.required') },
              { pattern: BLOCK_NAME, message: t('admin.blocks.nameRule') },
            ]}
          >
            <Input disabled={editing !== 'new'} maxLength={64} />
          </Form.Item>
          {oneChanged ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="block-one-language"
              title={t('admin.blocks.oneLanguageHint', {
                changed: languageName(oneChanged.changed),
                other: languageName(oneChanged.other),
              })}
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="en" label={t('admin.blocks.english')}>
                <Input.TextArea rows={6} maxLength={20000} />
              </Form.Item>
              <Typography.Text type="secondary">{t('admin.blocks.preview')}</Typography.Text>
              <Card size="small" data-testid="block-preview-en">
                <BlockText text={preview?.en ?? ''} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="mn" label={t('admin.blocks.mongolian')}>
                <Input.TextArea rows={6} maxLength={20000} />
              </Form.Item>
              <Typography.Text type="secondary">{t('admin.blocks.preview')}</Typography.Text>
              <Card size="small" data-testid="block-preview-mn">
                <BlockText text={preview?.mn ?? ''} />
              </Card>
            </Col>
          </Row>
        </Form>
      </Modal>
    </Card>
  );
}

/** Every name the site reads and where it shows; a name with no block yet is marked. */
function BlockNamesUsed({ existing }: { existing: string[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="block-names-title" style={{ marginTop: 16 }}>
      <Typography.Title level={5} id="block-names-title">
        {t('admin.blocks.namesTitle')}
      </Typography.Title>
      <ul className="block-names" data-testid="block-names-used">
        {USED_BLOCK_NAMES.map((name) => (
          <li key={name}>
            <Typography.Text code>{name}</Typography.Text> {t(`contentPlaces.${CONTENT_BLOCK_PLACES[name]}`)}
            {existing.includes(name) ? null : (
              <Typography.Text type="warning" style={{ display: 'block' }}>
                {t('admin.blocks.missing')}
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
