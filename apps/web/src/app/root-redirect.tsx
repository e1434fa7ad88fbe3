import { Navigate } from 'react-router';
import { isInCrossOriginFrame } from '../shared/frame';
import { PATHS } from '../shared/paths';
import { useSession } from '../shared/session';

/** Where / leads (spec section 2, root path behaviour); embedded in another site it is the chat widget. */
export const rootTarget = (hasToken: boolean, isEmbedded: boolean): string => {
  if (!hasToken) return isEmbedded ? PATHS.chatSignin : PATHS.signin;
  return isEmbedded ? PATHS.widgetHome : PATHS.appHome;
};

export const RootRedirect = () => {
  const session = useSession();
  return <Navigate to={rootTarget(session !== null, isInCrossOriginFrame())} replace />;
};
