/**
 * The login screen's request schemas, loaded when the visitor first focuses or types in a form
 * (lib/use-contract-form.ts): zod and the contracts are not part of /login's first paint (decision 0033).
 */
export const loadLoginRequest = () => import('@mohar/contracts/auth').then((m) => m.loginRequest);
export const loadLoginMfaRequest = () => import('@mohar/contracts/auth').then((m) => m.loginMfaRequest);
