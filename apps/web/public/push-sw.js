/*
 * Conversa's service worker, for Web Push only (no caching): an alert pushed while the app is closed or in
 * the background becomes a system notification; a click opens its page (the conversation, the task). While
 * a window of the app is in front the socket has already shown the alert, so nothing is shown twice.
 */
self.addEventListener('push', (event) => {
  if (!event.data) return;
  const alert = event.data.json();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      if (windows.some((window) => window.visibilityState === 'visible' && window.focused)) return undefined;
      return self.registration.showNotification(alert.title, {
        body: alert.body,
        tag: alert.tag,
        icon: '/favicon.svg',
        data: { path: alert.path },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only the app's own pages: a path the server wrote, never another origin.
  const path = event.notification.data?.path;
  const url = typeof path === 'string' && path.startsWith('/app/') ? path : '/app/chat';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows[0];
      return open
        ? open.navigate(url).then((window) => (window ?? open).focus())
        : self.clients.openWindow(url);
    }),
  );
});
