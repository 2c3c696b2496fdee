// Module boundaries (decision 0016): which imports cross a module's public face, and which modules
// depend on each other in a circle. Pure over a directory tree, so a test can run it on a fixture;
// scripts/lint/module-boundaries.ts runs it on the repository against a committed baseline.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/** One import as written in a file, resolved to a path relative to the root (posix separators). */
export interface ImportEdge {
  from: string;
  /** The resolved target (repository-relative) or, for a package, the specifier itself. */
  to: string;
  specifier: string;
  typeOnly: boolean;
  /** True for packages (`node:fs`, `kysely`): never a boundary question. */
  external: boolean;
}

export interface Violation {
  file: string;
  target: string;
  reason: string;
}

export interface ModuleCycle {
  /** The modules of one strongly connected component, sorted. */
  members: string[];
  /** Edges inside the component, `a -> b`, with whether every import along it is type-only. */
  edges: { from: string; to: string; typeOnly: boolean }[];
}

export interface BoundaryReport {
  violations: Violation[];
  /** Cycles of runtime imports (type-only imports left out). */
  cycles: ModuleCycle[];
  /** Cycles when type-only imports count too (a superset: each runtime cycle lies inside one). */
  typeCycles: ModuleCycle[];
}

export interface Baseline {
  /** file → imported paths tolerated today; the list may only shrink. */
  imports: Record<string, string[]>;
  /** Member sets of the runtime module cycles tolerated today. */
  cycles: string[][];
  /** Member sets of the module cycles, type-only imports included, tolerated today. */
  typeCycles: string[][];
}

export interface BaselineDiff {
  newViolations: Violation[];
  /** Baseline entries that no longer occur: they must be removed from the baseline. */
  staleImports: { file: string; target: string }[];
  newCycles: ModuleCycle[];
  staleCycles: string[][];
  newTypeCycles: ModuleCycle[];
  staleTypeCycles: string[][];
}

/** The folders whose files are checked; everything else (server, db, tests, scripts) is not. */
const CHECKED_ROOTS = ['modules', 'app', 'kernel'];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;
const SKIP_DIRS = new Set(['node_modules', 'build', '.react-router', 'coverage', 'data']);

/** Layers any module may import. `config/` is allowed for the settings type (`Env`) the root passes in. */
const MODULE_ALLOWED_LAYERS = new Set(['kernel', 'lib', 'db', 'config']);

function listSources(root: string, dir: string, out: string[]): void {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listSources(root, rel, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST.test(entry.name)) {
      out.push(rel);
    }
  }
}

/** The non-test source files of modules/, app/ and kernel/, sorted, relative to the root. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  for (const dir of CHECKED_ROOTS) listSources(root, dir, out);
  return out.sort();
}

function resolveTarget(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else if (specifier.startsWith('~/')) base = path.posix.normalize(`app/${specifier.slice(2)}`);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  if (base.endsWith('.js')) candidates.splice(1, 0, `${base.slice(0, -3)}.ts`, `${base.slice(0, -3)}.tsx`);
  for (const candidate of candidates) {
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return base;
}

/** Every import, re-export, dynamic `import('…')` and `import('…')` type of one file. */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolveTarget(root, file, specifier);
    edges.push({ from: file, to: to ?? specifier, specifier, typeOnly, external: to === null });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedTypes =
        !!clause &&
        !clause.name &&
        !!bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier.text, !!clause && (clause.isTypeOnly || allNamedTypes));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const allNamedTypes =
        !!clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier.text, node.isTypeOnly || allNamedTypes);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      add(node.moduleReference.expression.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** `modules/<name>/…` → name; files directly under modules/ (the composition root) → null. */
export function moduleOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1]! : null;
}

/**
 * A module's public faces: `index.ts` (its server face) and `public.ts` (its client-safe face: labels,
 * constants, form schemas that pages show in the browser; see `clientSafetyViolations`).
 */
const isPublicFace = (target: string) => /^modules\/[^/]+\/(index|public)\.tsx?$/.test(target);
const isClientFace = (file: string) => /^modules\/[^/]+\/public\.tsx?$/.test(file);
const isCompositionRoot = (file: string) => file.startsWith('modules/') && file.split('/').length === 2;
/** A module's table types (`modules/<name>/<name>.table.ts`), composed into `Database` by db/schema.ts. */
const isTableFile = (file: string) => /^modules\/[^/]+\/[^/]+\.table\.ts$/.test(file);

/** Why an import breaks the rules, or null when it is allowed. */
export function violationOf(edge: ImportEdge): string | null {
  if (edge.external) return null;
  const { from, to } = edge;
  const layer = to.split('/')[0]!;
  if (from.startsWith('modules/')) {
    if (isCompositionRoot(from)) return null;
    const own = moduleOf(from);
    // Table files are the schema's parts: db/schema.ts imports them, so they do not import it back (column
    // types are kernel/db/columns.ts), and a column may take its type from another module's table file.
    if (isTableFile(from) && layer === 'db')
      return 'a table file does not import db/ (db/schema.ts composes it); column types are in kernel/db/columns.ts';
    if (isTableFile(from) && isTableFile(to) && edge.typeOnly) return null;
    if (MODULE_ALLOWED_LAYERS.has(layer)) return null;
    if (layer !== 'modules') return `a module imports only kernel/, lib/, db/, config/ and modules (not ${layer}/)`;
    if (isCompositionRoot(to)) return 'a module does not import the composition root (modules/services.ts)';
    const target = moduleOf(to);
    if (target === own || isPublicFace(to)) return null;
    return `another module is imported only through modules/${target}/index.ts (or its client-safe public.ts)`;
  }
  if (from.startsWith('app/')) {
    if (layer !== 'modules' || isCompositionRoot(to) || isPublicFace(to)) return null;
    return `app/ imports a module only through modules/${moduleOf(to)}/index.ts (or its client-safe public.ts)`;
  }
  if (from.startsWith('kernel/')) {
    if (layer === 'modules' || layer === 'app' || layer === 'server')
      return `kernel/ is domain-free: it does not import ${layer}/`;
  }
  return null;
}

/** Tarjan's strongly connected components of a directed graph. */
export function stronglyConnected(nodes: string[], next: (node: string) => string[]): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const other of next(node)) {
      if (!indices.has(other)) {
        connect(other);
        low.set(node, Math.min(low.get(node)!, low.get(other)!));
      } else if (onStack.has(other)) {
        low.set(node, Math.min(low.get(node)!, indices.get(other)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of nodes) if (!indices.has(node)) connect(node);
  return components;
}

/**
 * Cycles between module folders: components of more than one module in the module-level graph.
 * An edge a -> b is type-only when every import from a into b is; `runtimeOnly` leaves those out.
 */
export function moduleCycles(edges: ImportEdge[], runtimeOnly: boolean): ModuleCycle[] {
  const graph = new Map<string, Map<string, boolean>>();
  for (const edge of edges) {
    if (edge.external || (runtimeOnly && edge.typeOnly)) continue;
    const from = moduleOf(edge.from);
    const to = moduleOf(edge.to);
    if (!from || !to || from === to) continue;
    const targets = graph.get(from) ?? new Map<string, boolean>();
    targets.set(to, (targets.get(to) ?? true) && edge.typeOnly);
    graph.set(from, targets);
  }
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((t) => [...t.keys()])])].sort();
  const next = (node: string) => [...(graph.get(node)?.keys() ?? [])].sort();
  return stronglyConnected(nodes, next)
    .filter((members) => members.length > 1)
    .map((members) => ({
      members,
      edges: members.flatMap((from) =>
        next(from)
          .filter((to) => members.includes(to))
          .map((to) => ({ from, to, typeOnly: graph.get(from)!.get(to)! })),
      ),
    }))
    .sort((a, b) => a.members.join().localeCompare(b.members.join()));
}

const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!);

/** Why a runtime import is server code a client-safe face must not reach, or null. */
function serverReach(edge: ImportEdge): string | null {
  if (edge.external) return isNodeBuiltin(edge.to) ? `the Node built-in ${edge.to}` : null;
  const layer = edge.to.split('/')[0]!;
  if (layer === 'db' || layer === 'server' || layer === 'config') return `${layer}/`;
  if (isCompositionRoot(edge.to)) return 'the composition root';
  if (/^modules\/[^/]+\/index\.tsx?$/.test(edge.to)) return "a module's server face (index.ts)";
  return null;
}

/**
 * A client-safe face (`modules/<name>/public.ts`) ships to the browser with the pages that import
 * it: nothing it reaches through runtime imports (its module's files, kernel/, lib/, other public
 * faces, followed file by file) may import db/, server/, config/, a Node built-in, the composition
 * root or a module's index.ts. Type-only imports are erased and do not count.
 */
export function clientSafetyViolations(root: string, files: string[]): Violation[] {
  const violations: Violation[] = [];
  for (const face of files.filter(isClientFace)) {
    const seen = new Set([face]);
    const queue = [face];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const edge of importsOf(root, file)) {
        if (edge.typeOnly) continue;
        const reach = serverReach(edge);
        if (reach) {
          violations.push({
            file,
            target: edge.to,
            reason: `reached from ${face}, the client-safe face, it imports ${reach}: server code in the browser bundle`,
          });
        } else if (
          !edge.external &&
          SOURCE.test(edge.to) &&
          !seen.has(edge.to) &&
          existsSync(path.join(root, edge.to))
        ) {
          seen.add(edge.to);
          queue.push(edge.to);
        }
      }
    }
  }
  return violations;
}

/** The whole check on one tree: boundary violations (client-safe faces included) and module cycles. */
export function checkBoundaries(root: string): BoundaryReport {
  const files = sourceFiles(root);
  const edges = files.flatMap((file) => importsOf(root, file));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  const found = [
    ...edges.flatMap((edge) => {
      const reason = violationOf(edge);
      return reason ? [{ file: edge.from, target: edge.to, reason }] : [];
    }),
    ...clientSafetyViolations(root, files),
  ];
  for (const violation of found) {
    const key = `${violation.file}\0${violation.target}`;
    if (!seen.has(key)) {
      seen.add(key);
      violations.push(violation);
    }
  }
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.target.localeCompare(b.target));
  return { violations, cycles: moduleCycles(edges, true), typeCycles: moduleCycles(edges, false) };
}

/** The baseline that tolerates exactly what the report finds (for `--update`). */
export function baselineOf(report: BoundaryReport): Baseline {
  const imports: Record<string, string[]> = {};
  for (const v of report.violations) (imports[v.file] ??= []).push(v.target);
  return { imports, cycles: report.cycles.map((c) => c.members), typeCycles: report.typeCycles.map((c) => c.members) };
}

/** What the report adds to the baseline, and what of the baseline no longer occurs. */
export function compareWithBaseline(report: BoundaryReport, baseline: Baseline): BaselineDiff {
  const tolerated = new Set(
    Object.entries(baseline.imports).flatMap(([file, targets]) => targets.map((t) => `${file}\0${t}`)),
  );
  const found = new Set(report.violations.map((v) => `${v.file}\0${v.target}`));
  const cycles = compareCycles(report.cycles, baseline.cycles ?? []);
  const typeCycles = compareCycles(report.typeCycles, baseline.typeCycles ?? []);
  return {
    newViolations: report.violations.filter((v) => !tolerated.has(`${v.file}\0${v.target}`)),
    staleImports: Object.entries(baseline.imports)
      .flatMap(([file, targets]) => targets.map((target) => ({ file, target })))
      .filter(({ file, target }) => !found.has(`${file}\0${target}`)),
    newCycles: cycles.added,
    staleCycles: cycles.gone,
    newTypeCycles: typeCycles.added,
    staleTypeCycles: typeCycles.gone,
  };
}

/** Cycles are known by their member set: one that grows or shrinks is a new cycle and a gone one. */
function compareCycles(found: ModuleCycle[], known: string[][]): { added: ModuleCycle[]; gone: string[][] } {
  const setKey = (members: string[]) => [...members].sort().join(',');
  const knownKeys = new Set(known.map(setKey));
  const foundKeys = new Set(found.map((c) => setKey(c.members)));
  return {
    added: found.filter((c) => !knownKeys.has(setKey(c.members))),
    gone: known.filter((members) => !foundKeys.has(setKey(members))),
  };
}
