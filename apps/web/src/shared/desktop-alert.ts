/**
 * A desktop notification through the browser's Notifications API, while the app is open but not in front
 * (in front, the in-app toast says it). The caller checks the person's preferences; this, the browser's
 * permission. A click brings the app forward and opens what the alert is about. Answers whether one was
 * shown.
 */
export const showDesktopAlert = (
  alert: { title: string; body: string; tag: string },
  onOpen: () => void,
): boolean => {
  if (typeof window.Notification === 'undefined' || window.Notification.permission !== 'granted')
    return false;
  if (document.visibilityState === 'visible' && document.hasFocus()) return false;
  const shown = new window.Notification(alert.title, {
    body: alert.body,
    tag: alert.tag,
    icon: '/favicon.svg',
  });
  shown.onclick = () => {
    window.focus();
    onOpen();
    shown.close();
  };
  return true;
};
