let signingOut = false;

/**
 * Set while the user signs out on purpose, so what follows from the session ending (a 401 on a
 * request in flight, the session hook turning empty) is not taken for an expired session. Its own
 * module: the API client reads it without loading the auth client.
 */
export const markSigningOut = (value: boolean) => {
  signingOut = value;
};
export const isSigningOut = () => signingOut;
