// Loaded by the landing document alone (home.html, right after color-scheme.js; vite-plugins/landing-page.ts).
// The landing document (home.html, served on / and /home, docs/decisions/0018 and 0022) holds the hero and names the
// app's entry in a meta instead of a script tag. For a visitor whose language is English the hero shows at once and
// the app is fetched only after it has painted, so the poster has the connection to itself; the hero's links are
// real links meanwhile. A Hindi visitor keeps the branded frame (no English flash) and the app starts at once. Same
// language rule as src/lib/i18n.ts.
(function () {
  var root = document.documentElement;
  if (!root.hasAttribute('data-landing')) return;
  var isEnglish = true;
  try {
    isEnglish = window.localStorage.getItem('mohar.language') !== 'hi';
  } catch (e) {
    // No storage (private mode): the language is English.
  }
  var started = false;
  function startApp() {
    var entry = document.querySelector('meta[name="mohar:app"]');
    if (started || !entry) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry.getAttribute('content');
    document.head.appendChild(script);
  }
  function whenParsed(start) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }
  if (!isEnglish) return whenParsed(startApp);
  root.setAttribute('data-boot', 'landing');
  function afterParse() {
    whenParsed(startApp);
  }
  setTimeout(afterParse, 2500);
  // Chromium reports the paint of the hero's poster itself (Element Timing, the elementtiming attribute on the
  // hero's picture, landing-page.ts): the app starts right after that frame was presented, whatever the load.
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('element') >= 0) {
      var observer = new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var i = 0; i < entries.length; i++) {
          if (entries[i].identifier === 'hero-poster') {
            observer.disconnect();
            return setTimeout(afterParse, 0);
          }
        }
      });
      observer.observe({ type: 'element', buffered: true });
      return;
    }
  } catch (e) {
    // No Element Timing: wait for the decode instead.
  }
  // Elsewhere: two frames after the poster has decoded, the hero's background has been painted with it (one frame
  // was not always enough for the background's own decode).
  var afterPaint = function () {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(afterParse, 0);
      });
    });
  };
  var poster = new Image();
  poster.src = '/media/mohar-demo-poster.avif';
  poster.decode().then(afterPaint, afterPaint);
})();
