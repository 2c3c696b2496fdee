/**
 * The audit port: who did what to which record. The studio's audit log fills it (the composition
 * root passes `studio.audit` in); a module's studio operations take it with the studio's actor as
 * `Actor`, which they pass on and never read.
 */
export type AuditLog<Actor> = (
  actor: Actor,
  action: string,
  target: { type: string; id: string | number },
  summary: unknown,
) => Promise<unknown>;
