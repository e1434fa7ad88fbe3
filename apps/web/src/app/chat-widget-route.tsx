import { useLogout } from '../features/auth/api/logout';
import { ChatPage } from '../features/chat/pages/chat-page';

/** The embeddable chat: the app composes the chat page with the sign-out of the auth feature. */
export const ChatWidgetRoute = () => {
  const logout = useLogout();
  return <ChatPage isWidget onLogout={logout} />;
};

export const ChatRoute = () => <ChatPage />;
