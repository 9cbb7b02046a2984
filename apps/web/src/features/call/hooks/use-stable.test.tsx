// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useStable } from './use-stable';

let unmount = () => {};
afterEach(() => unmount());

const sameLength = (a: string[], b: string[]) => a.length === b.length;

function mount() {
  const seen: string[][] = [];
  function Probe(props: { value: string[] }) {
    seen.push(useStable(props.value, sameLength));
    return null;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  unmount = () => root.unmount();
  return { seen, render: (value: string[]) => act(() => root.render(<Probe value={value} />)) };
}

describe('a value rebuilt on every render is handed on as the same object while nothing in it changed', () => {
  it('keeps the first object while the new ones are equal, and takes a new one once it differs', () => {
    const probe = mount();
    const first = ['a'];
    probe.render(first);
    probe.render(['b']);
    const changed = ['a', 'b'];
    probe.render(changed);
    probe.render(['c', 'd']);
    expect(probe.seen[0]).toBe(first);
    expect(probe.seen[1]).toBe(first);
    expect(probe.seen[2]).toBe(changed);
    expect(probe.seen[3]).toBe(changed);
  });
});
