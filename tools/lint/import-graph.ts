import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The repository's source imports, file to file (workspace aliases resolved through tsconfig.base.json's paths). */
export interface ImportGraph {
  root: string;
  /** Repository-relative file -> the repository-relative files it imports (packages left out). */
  edges: Map<string, string[]>;
}

const ROOT = resolve(__dirname, '../..');

export function importGraph(files: string[], root = ROOT): ImportGraph {
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const host = ts.createCompilerHost(options);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const absolute = join(root, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
    const targets: string[] = [];
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, absolute, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes(`${sep}node_modules${sep}`)) continue;
      targets.push(relative(root, resolved.resolvedFileName));
    }
    edges.set(file, targets);
  }
  return { root, edges };
}

/** Every import circle (strongly connected set of two or more files, or a file importing itself), each sorted. */
export function importCircles({ edges }: ImportGraph): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) === order.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(group.sort());
    }
  };
  for (const file of edges.keys()) if (!order.has(file)) visit(file);
  return circles;
}

/**
 * Imports that run back up a folder's layers: a file importing a file of a folder that holds its own folder (a
 * feature's inner part reaching back to the feature that uses it), within `under` (an app's src, say).
 */
export function upwardImports({ edges }: ImportGraph, under: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [file, targets] of edges) {
    if (!file.startsWith(under)) continue;
    const from = dirname(file);
    for (const target of targets) {
      const to = dirname(target);
      if (target.startsWith(under) && to !== from && from.startsWith(`${to}${sep}`)) found.push([file, target]);
    }
  }
  return found;
}
