/** The accounts module's public face: the viewer guards other modules' routes use. */
export { requireApiViewer } from './guards.ts';
