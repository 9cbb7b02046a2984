// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setInteractedForTest, useFocusHeadingOnNavigation } from './focus-on-navigation';

function Layout() {
  useFocusHeadingOnNavigation();
  return (
    <>
      <nav>
        <Link to="/b">To B</Link>
        <Link to="/c">To C</Link>
        <Link to="/a?page=2">Page 2</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** A screen that places focus itself, as the wizard does on its step heading. */
function FocusesItsField() {
  useEffect(() => document.getElementById('own-field')?.focus(), []);
  return (
    <>
      <h1>C</h1>
      <input id="own-field" aria-label="Own field" />
    </>
  );
}

let unmount = () => {};
beforeEach(() => setInteractedForTest(true));
afterEach(() => {
  unmount();
  setInteractedForTest(false);
});

async function mountRouter() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <h1>A</h1> },
          { path: '/b', element: <h1>B</h1> },
          { path: '/c', element: <FocusesItsField /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(() => root.render(<RouterProvider router={router} />));
  unmount = () => {
    root.unmount();
    container.remove();
  };
  const follow = async (name: string) => {
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === name);
    link?.focus();
    await act(() => link?.click());
    // Preact runs effects after the next frame.
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  };
  return { container, follow };
}

const heading = (container: HTMLElement) => container.querySelector('h1');

describe('focus after an in-app navigation (issue 23)', () => {
  it('leaves the first screen alone, then moves to each new screen’s h1, focusable from script only', async () => {
    const { container, follow } = await mountRouter();
    expect(document.activeElement).toBe(document.body);
    await follow('To B');
    expect(heading(container)?.textContent).toBe('B');
    expect(document.activeElement).toBe(heading(container));
    expect(heading(container)?.getAttribute('tabindex')).toBe('-1');
  });

  it('keeps the focus a screen placed itself', async () => {
    const { follow } = await mountRouter();
    await follow('To C');
    expect(document.activeElement?.id).toBe('own-field');
  });

  it('does not move on a changed query (filters, pages of a list)', async () => {
    const { container, follow } = await mountRouter();
    await follow('Page 2');
    expect(heading(container)?.textContent).toBe('A');
    expect(document.activeElement?.textContent).toBe('Page 2');
  });

  it('does not move before the person has done anything (a redirect of the first load)', async () => {
    setInteractedForTest(false);
    const { follow } = await mountRouter();
    await follow('To B');
    expect(document.activeElement?.textContent).toBe('To B');
  });
});
