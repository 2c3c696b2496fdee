/*
 * The offline page of the service worker (public/sw.js): "Thử lại" reloads; when the network
 * returns the page reloads as soon as the server answers. The `online` event starts the checks; a
 * page shown while the browser already says online (a connection that came back but dropped the
 * page's request) checks too, at growing intervals (3 s, 6 s, … 1 min) kept across its reloads. An
 * external file because the page's policy allows no inline script.
 */
(function () {
  var button = document.getElementById('thu-lai');
  var KEY = 'kt:offline-retry';
  var timer = null;

  function retry() {
    if (button) {
      button.disabled = true;
      button.textContent = 'Đang thử lại…';
    }
    window.location.reload();
  }

  function reachable() {
    return fetch('/healthz', { cache: 'no-store' }).then(
      function (response) {
        return response.ok;
      },
      function () {
        return false;
      },
    );
  }

  /** The wait before the next check: doubled at each reload of this page that found no network. */
  function nextDelay() {
    var delay = 3000;
    try {
      var last = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (last && last.href === location.href && Date.now() - last.at < 120000) delay = Math.min(last.delay * 2, 60000);
      sessionStorage.setItem(KEY, JSON.stringify({ href: location.href, at: Date.now(), delay: delay }));
    } catch {
      // No storage: the first interval every time.
    }
    return delay;
  }

  function check(delay) {
    if (timer !== null) return;
    timer = window.setTimeout(function () {
      reachable().then(function (ok) {
        timer = null;
        if (ok) retry();
        else if (navigator.onLine) check(3000);
      });
    }, delay);
  }

  if (button) button.addEventListener('click', retry);
  window.addEventListener('online', function () {
    window.clearTimeout(timer);
    timer = null;
    check(0);
  });
  if (navigator.onLine) check(nextDelay());
})();
