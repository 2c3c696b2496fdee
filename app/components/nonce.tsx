import { createContext, useContext, type ReactNode } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The request's CSP nonce on the server; undefined in the browser (which hides it anyway). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
