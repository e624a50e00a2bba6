/** One random seed per page load, so that going back to a home screen shows the same random list. */
export const SESSION_SEED = String(Date.now());
