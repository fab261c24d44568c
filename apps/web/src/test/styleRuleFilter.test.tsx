import { Button, Form, Input, Modal, Select, Table, Tabs, Typography } from 'antd';
import { describe, expect, it } from 'vitest';
import { mayMatch, requirementOf } from './styleRuleFilter';
import { renderWithApp } from './render';

const element = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild!;
};
/** The elements matching `selector` (none for a selector jsdom cannot read). */
function matching(selector: string): Element[] {
  try {
    return Array.from(document.querySelectorAll(selector));
  } catch {
    return [];
  }
}

const impl = (el: Element) => ({
  localName: el.localName,
  getAttributeNS: (ns: string | null, name: string) => el.getAttributeNS(ns, name),
});

describe('the style rule filter', () => {
  it('reads what the rightmost compound of each alternative requires', () => {
    expect(requirementOf(':where(.css-x).ant-btn:not(.ant-btn-disabled):hover')).toMatchObject([
      { tag: null, classes: ['ant-btn'] },
    ]);
    expect(requirementOf('td, th')).toMatchObject([{ tag: 'td' }, { tag: 'th' }]);
    expect(requirementOf('.a .b > c.d ,  .e')).toMatchObject([
      { tag: 'c', classes: ['d'] },
      { classes: ['e'] },
    ]);
    expect(requirementOf(':focus-visible')).toBeNull();
    expect(requirementOf('.a, *')).toBeNull();
    expect(requirementOf('.a\\:b')).toBeNull();
  });

  it('lets through every rule an element matches and only rules the element could match', () => {
    const button = element('<button class="ant-btn ant-btn-primary" data-x="on" id="go"></button>');
    for (const selector of [
      '.ant-btn',
      'button.ant-btn-primary:hover',
      ':where(.css-x) [class^="ant-btn"]',
      '[class*=" ant-btn-primary"]',
      '[data-x="on"]',
      '#go',
      '.x, .ant-btn',
    ])
      expect(mayMatch(selector, impl(button)), selector).toBe(true);
    for (const selector of [
      '.ant-input',
      'a.ant-btn',
      '[class^="ant-input"]',
      '[data-x="off"]',
      '#stop',
      'td, th',
    ])
      expect(mayMatch(selector, impl(button)), selector).toBe(false);
  });

  it("never refuses a rule that matches, over antd's own style sheets and a page of its components", async () => {
    renderWithApp(
      <>
        <Typography.Title>Title</Typography.Title>
        <Form>
          <Form.Item label="Name" name="name" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Select open options={[{ value: 1, label: 'One' }]} />
          <Button type="primary">Save</Button>
        </Form>
        <Tabs
          items={[
            { key: 'a', label: 'A', children: 'a' },
            { key: 'b', label: 'B', children: 'b' },
          ]}
        />
        <Table rowKey="id" columns={[{ title: 'Id', dataIndex: 'id' }]} dataSource={[{ id: 1 }]} />
        <Modal open title="Sure?">
          Body
        </Modal>
      </>,
    );
    await Promise.resolve();
    const selectors = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.add(rule.selectorText);
        else if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    expect(selectors.size).toBeGreaterThan(500);
    let matched = 0;
    for (const selector of selectors) {
      const elements = matching(selector);
      for (const el of elements) {
        matched++;
        if (!mayMatch(selector, impl(el)))
          expect.fail(`refused "${selector}" for a matching <${el.localName} class="${el.className}">`);
      }
    }
    expect(matched).toBeGreaterThan(200);
  });
});
