// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from './testing/mount';
import { useAfterFirstPaint } from './use-after-first-paint';

function Footer() {
  return useAfterFirstPaint() ? <footer>footer</footer> : null;
}

describe('useAfterFirstPaint (the public footer, decision 0040)', () => {
  it('leaves the part out of the first render and renders it in a later task', async () => {
    const { container } = mount(<Footer />);
    expect(container.textContent).toBe('');
    await vi.waitFor(() => expect(container.textContent).toBe('footer'));
  });

  it('renders it at once on every later mount: a page opened in the app shows nothing late', () => {
    const { container } = mount(<Footer />);
    expect(container.textContent).toBe('footer');
  });
});
