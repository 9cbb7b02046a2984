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
  // A Hindi visitor's document says so before the first paint: login.html shows its card in the language this
  // marks (docs/decisions/0028), landing-boot.js keeps the English hero back. The same rule as
  // src/lib/language-choice.ts (decision 0055): the stored choice, else the browser's first language we speak.
  try {
    var chosen = null;
    try {
      chosen = window.localStorage.getItem('mohar.language');
    } catch (e) {
      // No storage (private mode): the browser's languages decide.
    }
    var language = chosen === 'en' || chosen === 'hi' ? chosen : '';
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    for (var i = 0; !language && i < tags.length; i++) {
      var primary = String(tags[i]).toLowerCase().split(/[-_]/)[0];
      if (primary === 'en' || primary === 'hi') language = primary;
    }
    if (language === 'hi') document.documentElement.lang = 'hi';
  } catch (e) {
    // Left English: the app sets the language again once it runs.
  }
})();
// The API reads this path's first paint waits for, listed by the build in its own document (the signed-in
// dashboard's, vite-plugins/route-preloads.ts): started now, beside the files its links preload, instead of once the
// app's entry has run; asked as the app's API client asks, kept for the app to take (src/lib/boot-read.ts).
(function () {
  try {
    var block = document.getElementById('mohar-preloads');
    var listed = block ? JSON.parse(block.textContent) : {};
    var urls = listed[window.location.pathname.replace(/\/+$/, '')];
    var reads = {};
    var start = function (url) {
      reads[url] = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
      // A network failure is the app's to report when it takes the answer, never an unhandled rejection here.
      reads[url].catch(function () {});
    };
    for (var i = 0; urls && i < urls.length; i++) start(urls[i]);
    window.moharBootReads = reads;
    // Once the session names the role, that role's first read too (the dashboard's list, decision 0077): it is then
    // there for the app's first render instead of starting once the app's entry has run. A copy of the body is read:
    // the app takes the session's answer itself.
    var roles = urls && listed.roles;
    var session = roles && reads[roles.session];
    // Kept for the app, which waits for this step before it starts any of these reads itself (one request each).
    if (session)
      window.moharRoleReads = session
        .then(function (response) {
          return response.ok ? response.clone().json() : null;
        })
        .then(function (body) {
          var role = body && body.user && body.user.role;
          var more = role && Object.prototype.hasOwnProperty.call(roles.reads, role) ? roles.reads[role] : [];
          for (var j = 0; j < more.length; j++) if (!reads[more[j]]) start(more[j]);
        })
        .catch(function () {});
  } catch (e) {
    // Nothing started: the app asks for the same answers itself.
  }
})();
