// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from './testing/mount';
import { useAfterFirstPaint, usePartsAfterFirstPaint } from './use-after-first-paint';

function Footer() {
  return useAfterFirstPaint() ? <footer>footer</footer> : null;
}

// First in this file: the first test to render after a first paint sets the module's "painted" state.
describe('usePartsAfterFirstPaint (the landing page’s sections under the hero, decision 0048)', () => {
  it('leaves the parts out of the first render and adds them one per task, in order', async () => {
    const renders: number[] = [];
    function Sections() {
      const shown = usePartsAfterFirstPaint(3);
      renders.push(shown);
      return <>{['a', 'b', 'c'].slice(0, shown).join('')}</>;
    }
    // The footer (one part) beside them: also absent from the first render.
    const { container } = mount(
      <>
        <Sections />
        <Footer />
      </>,
    );
    expect(container.textContent).toBe('');
    await vi.waitFor(() => expect(container.textContent).toBe('abcfooter'));
    // Never two at once: each render after the first adds one part.
    expect([...new Set(renders)]).toEqual([0, 1, 2, 3]);
  });
});

describe('useAfterFirstPaint (the public footer, decision 0040)', () => {
  it('renders it at once on every later mount: a page opened in the app shows nothing late', () => {
    const { container } = mount(<Footer />);
    expect(container.textContent).toBe('footer');
  });
});
