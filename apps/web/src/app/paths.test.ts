import type { RouteObject } from 'react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  adminOrderPath,
  categoryProductsPath,
  editAddressPath,
  editCategoryPath,
  editProductPath,
  orderPath,
  paths,
  trackPath,
  trackTokenOf,
} from '../lib/paths';
import { routes } from './route-table';

/** Every pattern the route table declares, as an absolute path (the index route is '/'), apart from the 404's '*'. */
function routePatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index
      ? parent || '/'
      : route.path === undefined
        ? null
        : route.path.startsWith('/')
          ? route.path
          : `${parent}/${route.path}`;
    const here = own ?? parent;
    return [
      ...(own !== null && own !== '*' && !own.endsWith('/*') ? [own] : []),
      ...routePatterns(route.children ?? [], here === '/' ? '' : here),
    ];
  });
}

const APP_PATHS: string[] = Object.values(paths);
/** '/orders/' for '/orders/:ordersId': what a template literal building such a path starts with. */
const PARAM_PREFIXES = APP_PATHS.filter((p) => p.includes(':')).map((p) => p.slice(0, p.indexOf(':')));

// The app's own sources, as text (Vite reads them; the tests, and paths.ts where the paths are written, are left out).
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../lib/paths.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `api.get('/products')` names an API path (some are spelt like a screen's), not a place in the app. */
function isApiCallArgument(node: ts.Node): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isPropertyAccessExpression(call.expression) &&
    ts.isIdentifier(call.expression.expression) &&
    call.expression.expression.text === 'api'
  );
}

/** `s.startsWith('/')`, `a.split('/')`: a slash, not the home page. */
function isStringMethodArgument(node: ts.Node): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    ts.isPropertyAccessExpression(call.expression) &&
    ['startsWith', 'endsWith', 'split', 'join', 'includes', 'indexOf', 'replace', 'replaceAll'].includes(call.expression.name.text)
  );
}

/** The string literals in a source file that spell one of the app's paths, or start building a parameterised one. */
function pathLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (APP_PATHS.includes(node.text) && !isApiCallArgument(node) && !(node.text === '/' && isStringMethodArgument(node)))
        literal = node.text;
    } else if (ts.isTemplateExpression(node)) {
      if (PARAM_PREFIXES.some((prefix) => node.head.text === prefix) && !isApiCallArgument(node)) literal = `${node.head.text}\${...}`;
    }
    if (literal !== null) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1} ${literal}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the paths of the app, written once (src/lib/paths.ts)', () => {
  it('are exactly the patterns the route table declares', () => {
    const declared = routePatterns(routes);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...APP_PATHS].sort());
  });

  it('fill the route parameters in, each as one segment', () => {
    expect(orderPath('0123456789abcdef01234567')).toBe('/orders/0123456789abcdef01234567');
    expect(adminOrderPath('abc')).toBe('/allorders/abc');
    expect(editAddressPath('abc')).toBe('/addaddress/abc');
    expect(editCategoryPath('abc')).toBe('/categories/abc');
    expect(editProductPath('abc')).toBe('/products/abc');
    expect(categoryProductsPath('Sides To Share')).toBe('/allproduts/Sides%20To%20Share');
  });

  it('read a tracking link’s token back, and nothing from another path', () => {
    expect(trackTokenOf(trackPath('Ab_9-xY'))).toBe('Ab_9-xY');
    expect(trackTokenOf('/track/')).toBeNull();
    expect(trackTokenOf('/track/a/b')).toBeNull();
    expect(trackTokenOf('/orders/abc')).toBeNull();
  });

  it('are not spelt out anywhere else in apps/web/src', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const spelt = Object.entries(SOURCES).flatMap(([file, text]) => pathLiterals(file, text));
    expect(spelt).toEqual([]);
  });

  it('notices a path spelt out (the check itself)', () => {
    const sample = [
      'const a = <Link to="/order-list" />;',
      "navigate('/');",
      'const b = `/orders/${id}`;',
      "api.get('/products');",
      "if (p.startsWith('/')) {}",
      '// a comment naming /order-list',
    ].join('\n');
    expect(pathLiterals('sample.tsx', sample)).toEqual(['sample.tsx:1 /order-list', 'sample.tsx:2 /', 'sample.tsx:3 /orders/${...}']);
  });
});
