import { useCallback, useRef, useState } from 'react';

/**
 * A one-shot request of a form (sign in, reset a password, sign up) and whether it is on its way. The
 * public pages use this instead of TanStack Query's mutations: they cache nothing, and the query client
 * (30 KiB) then loads with the app shell instead of with the first page of every visit.
 */
export const useAction = <Input, Output>(action: (input: Input) => Promise<Output>) => {
  const [isPending, setIsPending] = useState(false);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (input: Input): Promise<Output> => {
    setIsPending(true);
    try {
      return await latest.current(input);
    } finally {
      setIsPending(false);
    }
  }, []);
  return { run, isPending };
};
