// Runs before the app so the first paint already has the right colour mode (no flash).
// The same rule as src/lib/theme.ts: ?theme= (leading letters, digits and spaces only), else the stored mode, else light.
(function () {
  try {
    var key = 'mantine-color-scheme-value';
    var raw = new URLSearchParams(window.location.search).get('theme');
    var m = raw && raw.match(/^[A-Za-z0-9\s]*/);
    var fromParam = m ? m[0].trim().toLowerCase() : '';
    var stored = window.localStorage.getItem(key);
    var mode = fromParam === 'dark' || fromParam === 'light' ? fromParam : stored === 'dark' || stored === 'light' ? stored : 'light';
    if (fromParam === 'dark' || fromParam === 'light') window.localStorage.setItem(key, mode);
    document.documentElement.setAttribute('data-mantine-color-scheme', mode);
  } catch (e) {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
// The landing page's hero is in index.html (docs/decisions/0018): shown on / and /home for a visitor whose language is
// English (the texts written there), its poster fetched at once. Same language rule as src/lib/i18n.ts.
(function () {
  try {
    var path = window.location.pathname.replace(/\/+$/, '');
    if (path !== '' && path !== '/home') return;
    if (window.localStorage.getItem('mohar.language') === 'hi') return;
    document.documentElement.setAttribute('data-boot', 'landing');
    var poster = document.createElement('link');
    poster.rel = 'preload';
    poster.as = 'image';
    poster.href = '/media/mohar-demo-poster.jpg';
    poster.setAttribute('fetchpriority', 'high');
    document.head.appendChild(poster);
  } catch (e) {
    // No storage (private mode): the spinner frame shows instead; the page is the same once React runs.
  }
})();
