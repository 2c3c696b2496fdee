/*
 * The offline page of the service worker (public/sw.js): "Thử lại" reloads, and so does the
 * network's return (the `online` event). An external file because the page's policy allows no
 * inline script.
 */
(function () {
  var button = document.getElementById('thu-lai');
  function retry() {
    if (button) {
      button.disabled = true;
      button.textContent = 'Đang thử lại…';
    }
    window.location.reload();
  }
  if (button) button.addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
