// The console's only script of its own: search as you type, typed text kept and guarded, and the
// inbox's charts. Every page works without it (the search is a form; each chart has its numbers in
// a table; without it typed text is only lost as it would be in any form).
(function () {
  'use strict';

  // Search as you type: the API's own search, the list rebuilt from text (never from HTML).
  var form = document.querySelector('form[data-live-search]');
  if (form) {
    var input = form.querySelector('input[name="q"]');
    var list = document.getElementById('results');
    var count = document.getElementById('result-count');
    var timer = 0;
    var asked = 0;
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = input.value.trim();
        if (q === '') {
          // An empty box: no stale results, no stale ?q= in the address.
          asked++;
          list.textContent = '';
          count.textContent = 'Type to search';
          history.replaceState(null, '', location.pathname);
          return;
        }
        var mine = ++asked;
        fetch('/api/tunnel/errors/search?limit=50&q=' + encodeURIComponent(q), { headers: { Accept: 'application/json' } })
          .then(function (res) { return res.ok ? res.json() : null; })
          .then(function (body) {
            if (!body || mine !== asked) return;
            list.textContent = '';
            body.data.forEach(function (hit) {
              var item = document.createElement('li');
              var link = document.createElement('a');
              var code = document.createElement('code');
              var info = document.createElement('span');
              link.href = '/console/errors/' + encodeURIComponent(hit.Flag);
              code.textContent = hit.Flag;
              var line = String(hit.Info).split('\n')[0].replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
              info.textContent = ' ' + (line.length <= 160 ? line : line.slice(0, 160).replace(/\s+\S*$/, '') + ' …');
              link.appendChild(code);
              item.appendChild(link);
              item.appendChild(info);
              list.appendChild(item);
            });
            count.textContent = body.count + (body.count === 1 ? ' entry' : ' entries');
            history.replaceState(null, '', '?q=' + encodeURIComponent(q));
          })
          .catch(function () {});
      }, 150);
    });
  }

  // Typed text is never dropped. Text typed into a form marked data-keep (a note on an inbox row)
  // is kept in this tab's sessionStorage and put back when the page shows that form again, so
  // another form's button (the status of another row) loses none of it; the form sent drops its
  // own. Leaving a page with text typed into a data-unsaved form and not sent asks first: but not
  // for the form being sent, nor for kept text when another form of the page is sent (it comes back).
  var textFields = function (form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.tagName === 'TEXTAREA' || (field.tagName === 'INPUT' && /^(text|email|search|url|)$/.test(field.type) && field.name !== '');
    });
  };
  var draftKey = function (form, field) { return 'console draft ' + form.getAttribute('action') + ' ' + field.name; };
  var store = function (action) { try { action(window.sessionStorage); } catch (e) { /* storage refused: the leave warning still guards */ } };
  Array.prototype.forEach.call(document.querySelectorAll('form[data-keep]'), function (form) {
    textFields(form).forEach(function (field) {
      store(function (s) {
        var draft = s.getItem(draftKey(form, field));
        if (draft !== null && field.value === field.defaultValue) field.value = draft;
      });
      field.addEventListener('input', function () {
        store(function (s) {
          if (field.value === field.defaultValue) s.removeItem(draftKey(form, field));
          else s.setItem(draftKey(form, field), field.value);
        });
      });
    });
  });
  var sending = null;
  document.addEventListener('submit', function (event) {
    if (event.defaultPrevented) return;
    sending = event.target;
    if (sending.hasAttribute('data-keep')) textFields(sending).forEach(function (field) { store(function (s) { s.removeItem(draftKey(sending, field)); }); });
  });
  var unsent = function (form) {
    return textFields(form).some(function (field) { return field.value.trim() !== field.defaultValue.trim(); });
  };
  window.addEventListener('beforeunload', function (event) {
    // Signing out is leaving: kept text does not come back to another person's session.
    var leaving = sending === null || sending.matches('form.sign-out');
    var waiting = Array.prototype.some.call(document.querySelectorAll('form[data-unsaved]'), function (form) {
      return form !== sending && (leaving || !form.hasAttribute('data-keep')) && unsent(form);
    });
    if (!waiting) return;
    event.preventDefault();
    event.returnValue = '';
    // Asked and stayed: the next submit is judged afresh.
    setTimeout(function () { sending = null; }, 0);
  });
  window.addEventListener('pagehide', function () {
    if (sending !== null && sending.matches('form.sign-out')) store(function (s) {
      Object.keys(s).filter(function (key) { return key.indexOf('console draft ') === 0; }).forEach(function (key) { s.removeItem(key); });
    });
  });

  // A form that came back refused or in conflict: focus goes to what says why.
  var why = document.getElementById('error-summary') || document.getElementById('conflict-heading');
  if (why) why.focus();

  // The inbox's charts, from the numbers the page carries.
  var data = document.getElementById('chart-data');
  if (data && window.Chart) {
    var charts = JSON.parse(data.textContent);
    var colours = ['#b42318', '#1d4ed8', '#047857', '#6b7280'];
    var common = { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom' } } };
    new window.Chart(document.getElementById('chart-days'), {
      type: 'bar',
      data: { labels: charts.perDay.labels, datasets: charts.perDay.series.map(function (s, i) { return { label: s.label, data: s.data, backgroundColor: colours[i] }; }) },
      options: Object.assign({}, common, { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } }),
    });
    [['chart-versions', charts.versions, '#1d4ed8'], ['chart-platforms', charts.platforms, '#047857']].forEach(function (c) {
      new window.Chart(document.getElementById(c[0]), {
        type: 'bar',
        data: { labels: c[1].labels, datasets: [{ label: 'Feedback', data: c[1].data, backgroundColor: c[2] }] },
        options: Object.assign({}, common, { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } }),
      });
    });
  }
})();
