// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { dialogOnDemand } from './dialog-on-demand';
import { mount } from './testing/mount';

type Props = { opened: boolean; onClose(): void; title: string };

/** A dialog that writes down each `opened` it is rendered with. */
function recordingDialog(seen: boolean[]) {
  return function Dialog(props: Props) {
    seen.push(props.opened);
    return props.opened ? <div role="dialog">{props.title}</div> : null;
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Until `check` passes: the fetch and the render after it take their time on a loaded machine. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describe('a dialog fetched on first open', () => {
  it('is not fetched while nobody has opened it', async () => {
    let fetches = 0;
    const Dialog = dialogOnDemand(async () => {
      fetches++;
      return recordingDialog([]);
    });
    const { container, render } = mount();
    render(<Dialog opened={false} onClose={() => {}} title="Delete?" />);
    await settle();
    expect(fetches).toBe(0);
    expect(container.textContent).toBe('');
  });

  it('opens with its props once fetched, mounted closed first so Mantine notes where focus returns', async () => {
    const seen: boolean[] = [];
    const Dialog = dialogOnDemand(async () => recordingDialog(seen));
    const { container, render } = mount();
    render(<Dialog opened onClose={() => {}} title="Delete?" />);
    await eventually(() => expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Delete?'));
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('closes the request when the fetch fails, and the next opening fetches again', async () => {
    let fetches = 0;
    const Dialog = dialogOnDemand(async () => {
      fetches++;
      if (fetches === 1) throw new Error('offline');
      return recordingDialog([]);
    });
    let closes = 0;
    const { container, render } = mount();
    render(<Dialog opened onClose={() => closes++} title="Delete?" />);
    await eventually(() => expect(closes).toBe(1));
    render(<Dialog opened={false} onClose={() => closes++} title="Delete?" />);
    render(<Dialog opened onClose={() => closes++} title="Delete?" />);
    await eventually(() => expect(container.querySelector('[role="dialog"]')).not.toBeNull());
    expect(fetches).toBe(2);
  });
});
