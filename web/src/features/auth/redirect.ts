/** The guard's paths, as the sign-in pages use them. */
export { HOME_PATH, LOGIN_PATH, loginPathFor, safeRedirect } from '../../lib/guard';
