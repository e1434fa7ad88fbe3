import { Navigate } from 'react-router';
import { isInCrossOriginFrame } from '../shared/frame';
import { useSession } from '../shared/session';
import { HOME_PATH, WIDGET_HOME_PATH } from './app-routes';

/** Where / leads (spec section 2, root path behaviour); embedded in another site it is the chat widget. */
export const rootTarget = (hasToken: boolean, isEmbedded: boolean): string => {
  if (!hasToken) return isEmbedded ? '/chat-signin' : '/signin';
  return isEmbedded ? WIDGET_HOME_PATH : HOME_PATH;
};

export const RootRedirect = () => {
  const session = useSession();
  return <Navigate to={rootTarget(session !== null, isInCrossOriginFrame())} replace />;
};
