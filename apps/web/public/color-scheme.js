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
