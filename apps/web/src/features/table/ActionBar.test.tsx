import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ActionBar, PreActionBoxes } from './ActionBar';
import type { LegalActions } from '@tenger/protocol';

const facingBet: LegalActions = {
  seat: 3,
  toCall: 120,
  actions: [
    { type: 'fold', min: 0, max: 0 },
    { type: 'call', min: 120, max: 120 },
    { type: 'raise', min: 240, max: 1960 },
    { type: 'allin', min: 1960, max: 1960 },
  ],
};

const potLimit: LegalActions = {
  seat: 0,
  toCall: 0,
  actions: [
    { type: 'check', min: 0, max: 0 },
    { type: 'bet', min: 20, max: 400 },
  ],
};

function renderBar(legal: LegalActions, potTotal: number) {
  const onAction = vi.fn();
  const view = renderWithApp(<ActionBar legal={legal} potTotal={potTotal} onAction={onAction} />);
  return { ...view, onAction };
}

describe('the action bar', () => {
  it('shows fold, call with the amount and raise; Max turns the raise into the one All-in button', async () => {
    const { onAction } = renderBar(facingBet, 280);
    expect(screen.getByRole('button', { name: /Fold/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Call ₮120/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Raise to ₮240/ })).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /All-in/ })).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getAllByRole('button', { name: /All-in/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /All-in ₮1,960/ }));
    expect(onAction).toHaveBeenCalledWith({ type: 'allin' });
  });

  it('offers All-in as its own button only when no raise is possible (a short all-in)', () => {
    renderBar(
      {
        seat: 1,
        toCall: 100,
        actions: [
          { type: 'fold', min: 0, max: 0 },
          { type: 'call', min: 100, max: 100 },
          { type: 'allin', min: 150, max: 150 },
        ],
      },
      300,
    );
    expect(screen.getAllByRole('button', { name: /All-in/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /All-in ₮150/ })).toBeEnabled();
  });

  it('keeps the five preset buttons in their places, disabling those that do not apply', () => {
    const { rerender } = renderBar(facingBet, 280);
    const names = () => screen.getAllByRole('button', { name: /Min|Pot|Max/ }).map((b) => b.textContent);
    expect(names()).toEqual(['Min', '½ Pot', '¾ Pot', 'Pot', 'Max']);
    // Facing a big bet every pot preset lands on the minimum or the max: disabled, not gone.
    rerender(
      <ActionBar
        legal={{
          ...facingBet,
          actions: facingBet.actions.map((a) => (a.type === 'raise' ? { ...a, min: 1900 } : a)),
        }}
        potTotal={280}
        onAction={vi.fn()}
      />,
    );
    expect(names()).toEqual(['Min', '½ Pot', '¾ Pot', 'Pot', 'Max']);
    expect(screen.getByRole('button', { name: '½ Pot' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Min' })).toBeEnabled();
  });

  it('never shows an amount that cannot be sent on the bet button', async () => {
    renderBar(facingBet, 280);
    const input = screen.getByRole('spinbutton');
    for (const typed of ['0', '-5', '']) {
      await userEvent.clear(input);
      if (typed) await userEvent.type(input, typed);
      const button = screen.getByRole('button', { name: /Raise to/ });
      expect(button).toBeDisabled();
      expect(button.textContent).not.toMatch(/₮|−|-/);
    }
  });

  it('presets set the amount: ½ pot is call plus half the pot after the call', async () => {
    const { onAction } = renderBar(facingBet, 280);
    await userEvent.click(screen.getByRole('button', { name: '½ Pot' }));
    // 120 + 0.5 × (280 + 120) = 320
    expect(screen.getByRole('spinbutton')).toHaveValue(320);
    await userEvent.click(screen.getByRole('button', { name: /Raise to ₮320/ }));
    expect(onAction).toHaveBeenCalledWith({ type: 'raise', amount: 320 });
  });

  it('in pot limit never goes past the max: the top preset reads Max and the pot preset is the max', async () => {
    const { onAction } = renderBar(potLimit, 400);
    expect(screen.queryByRole('button', { name: 'All-in' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByRole('spinbutton')).toHaveValue(400);
    expect(screen.getByRole('slider')).toHaveAttribute('max', '400');
    await userEvent.click(screen.getByRole('button', { name: /Bet ₮400/ }));
    expect(onAction).toHaveBeenCalledWith({ type: 'bet', amount: 400 });
  });

  it('refuses a typed amount outside min..max and says the range', async () => {
    const { onAction } = renderBar(facingBet, 280);
    const input = screen.getByRole('spinbutton');
    await userEvent.clear(input);
    await userEvent.type(input, '100');
    expect(screen.getByRole('alert')).toHaveTextContent('Amount must be between ₮240 and ₮1,960');
    expect(screen.getByRole('button', { name: /Raise to/ })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onAction).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '5000');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('acts on keyboard shortcuts F, C, R and A', () => {
    const { onAction } = renderBar(facingBet, 280);
    fireEvent.keyDown(window, { key: 'c' });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'call' });
    fireEvent.keyDown(window, { key: 'F' });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'fold' });
    fireEvent.keyDown(window, { key: 'r' });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'raise', amount: 240 });
    fireEvent.keyDown(window, { key: 'a' });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'allin' });
    expect(onAction).toHaveBeenCalledTimes(4);
  });

  it('ignores shortcuts while typing an amount, and F when folding is not allowed', () => {
    const { onAction } = renderBar(potLimit, 400);
    fireEvent.keyDown(screen.getByRole('spinbutton'), { key: 'c' });
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'f' });
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'c' });
    expect(onAction).toHaveBeenCalledWith({ type: 'check' });
  });

  it('shows the shortcut hints on the buttons', () => {
    renderBar(facingBet, 280);
    expect(screen.getByRole('button', { name: /Fold/ })).toHaveAttribute('aria-keyshortcuts', 'F');
    expect(screen.getByRole('button', { name: /Call/ })).toHaveAttribute('aria-keyshortcuts', 'C');
  });
});

describe('pre-action boxes', () => {
  it('tick one at a time and untick', async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithApp(<PreActionBoxes value={null} onChange={onChange} facingBet={false} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Call any' }));
    expect(onChange).toHaveBeenLastCalledWith('callAny');
    rerender(<PreActionBoxes value="callAny" onChange={onChange} facingBet={false} />);
    expect(screen.getByRole('checkbox', { name: 'Call any' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Check/Fold' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Call any' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
