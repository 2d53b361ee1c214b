// Live updates for the writers' preview. The server sends `content` events carrying the
// snapshot's loadedAt; when it differs from what the page shows, the page body is fetched
// again and swapped in place (no reload, so the scroll position stays).
const main = document.getElementById('preview');
const live = document.getElementById('live');
let shown = document.body.dataset.loadedAt;
let queue = Promise.resolve();

async function update(loadedAt) {
  if (loadedAt === shown) return;
  const res = await fetch('/body', { cache: 'no-store' });
  if (!res.ok) return;
  main.innerHTML = await res.text();
  shown = res.headers.get('X-Loaded-At');
  document.body.dataset.loadedAt = shown;
}

const events = new EventSource('/events');
events.addEventListener('content', (event) => {
  queue = queue.then(() => update(event.data)).catch(() => undefined);
});
events.addEventListener('open', () => {
  live.textContent = 'live';
  live.className = 'live on';
});
events.addEventListener('error', () => {
  // EventSource reconnects by itself; the first event after that brings the page up to date.
  live.textContent = 'reconnecting…';
  live.className = 'live off';
});
