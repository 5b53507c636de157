// Keeps a page's live parts (the elements with data-live and an id) up to date: when the server says
// that rated matches have ended (the event 'results' on /events, see LiveUpdates.java), the page is
// fetched again and each live part replaced by its new version. Without this script the page reloads
// itself (a meta refresh in <noscript>).
(function () {
  'use strict';
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var loading = false;
  var again = false;

  function refresh() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    fetch(window.location.href, {credentials: 'same-origin', cache: 'no-store'})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) {
        if (text === null) {
          return;
        }
        var fresh = new DOMParser().parseFromString(text, 'text/html');
        document.querySelectorAll('[data-live]').forEach(function (part) {
          var replacement = fresh.getElementById(part.id);
          if (replacement) {
            part.replaceWith(document.importNode(replacement, true));
          }
        });
        var updates = Number(document.body.getAttribute('data-live-updates') || '0') + 1;
        document.body.setAttribute('data-live-updates', String(updates));
      })
      .catch(function () { /* the next event tries again */ })
      .then(function () {
        loading = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  new EventSource('/events').addEventListener('results', refresh);
}());
