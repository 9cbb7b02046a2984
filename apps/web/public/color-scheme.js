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
    // A Hindi visitor's document says so before the first paint: login.html shows its card in the language this
    // marks (docs/decisions/0028). The same rule as src/lib/i18n.ts, which sets it again once it runs.
    if (window.localStorage.getItem('mohar.language') === 'hi') document.documentElement.lang = 'hi';
  } catch (e) {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
// The files and API reads this path's first paint needs, listed by the build in index.html
// (vite-plugins/route-preloads.ts; only the signed-in dashboard has any): fetched now, beside the app's entry, instead
// of once the entry has run. Files in the same CORS mode as the entry's own imports, so the browser uses these answers
// rather than asking again; reads as the app's API client asks, kept for the app to take (src/lib/boot-read.ts).
(function () {
  try {
    var block = document.getElementById('mohar-preloads');
    var files = block && JSON.parse(block.textContent)[window.location.pathname.replace(/\/+$/, '')];
    var reads = {};
    for (var i = 0; files && i < files.length; i++) {
      if (!/\.(js|css)$/.test(files[i])) {
        reads[files[i]] = fetch(files[i], { credentials: 'include', headers: { Accept: 'application/json' } });
        // A network failure is the app's to report when it takes the answer, never an unhandled rejection here.
        reads[files[i]].catch(function () {});
        continue;
      }
      var link = document.createElement('link');
      var isStyle = /\.css$/.test(files[i]);
      link.rel = isStyle ? 'preload' : 'modulepreload';
      if (isStyle) link.as = 'style';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
    window.moharBootReads = reads;
  } catch (e) {
    // Nothing preloaded: the app fetches the same files itself.
  }
})();
