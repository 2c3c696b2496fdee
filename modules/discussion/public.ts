/**
 * The discussion module's client-safe face: the lesson error reports' states and labels. Pages
 * import it; it must never reach server code (checked by npm run lint:boundaries).
 */
export * from './discussion.labels.ts';
