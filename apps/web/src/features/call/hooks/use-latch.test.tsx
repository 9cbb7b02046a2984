// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLatch } from './use-latch';

let unmount = () => {};
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  unmount();
  vi.useRealTimers();
});

function Probe(props: { condition: boolean }) {
  return <output>{String(useLatch(props.condition, 8_000))}</output>;
}

function mount(condition: boolean) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  // act: the effects run too (Preact runs them after the next paint otherwise).
  act(() => root.render(<Probe condition={condition} />));
  unmount = () => {
    root.unmount();
    container.remove();
  };
  return {
    shown: () => container.textContent,
    render: (next: boolean) => act(() => root.render(<Probe condition={next} />)),
  };
}

describe("the identity images wait for the signatory's connection, but not for ever", () => {
  it('waits while the condition does not hold, and gives in after the fallback time', () => {
    const probe = mount(false);
    expect(probe.shown()).toBe('false');
    act(() => {
      vi.advanceTimersByTime(7_999);
    });
    expect(probe.shown()).toBe('false');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(probe.shown()).toBe('true');
  });

  it('holds at once when the condition does, and stays held when it no longer does (a dropped connection)', () => {
    const probe = mount(false);
    probe.render(true);
    expect(probe.shown()).toBe('true');
    probe.render(false);
    expect(probe.shown()).toBe('true');
  });
});
