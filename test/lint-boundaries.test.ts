import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md are lint rules; these cases show that breaking one fails lint (and so
// `npm run check`), and that what the layers allow passes. Each file is linted as if it stood at that path.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the layers are enforced by lint', () => {
  it.each([
    [
      'a web feature importing another feature',
      'apps/web/src/features/menu/components/probe.tsx',
      "import { SideCart } from '../../cart/components/side-cart';\nexport const x = SideCart;",
    ],
    [
      'src/components importing a feature',
      'apps/web/src/components/probe.tsx',
      "import { LogoutDialog } from '../features/account/components/logout-dialog';\nexport const x = LogoutDialog;",
    ],
    ['src/lib importing a component', 'apps/web/src/lib/probe.ts', "import { Page } from '../components/page';\nexport const x = Page;"],
    [
      'a feature importing the app layer',
      'apps/web/src/features/menu/probe.ts',
      "import { queryClient } from '../../app/query-client';\nexport const x = queryClient;",
    ],
    [
      'a server module reaching into another module past its public.ts',
      'apps/server/src/modules/cart/probe.ts',
      "import { placeCashOrder } from '../orders/placement';\nexport const x = placeCashOrder;",
    ],
    [
      'a server module using a module after it in SERVER_MODULE_ORDER',
      'apps/server/src/modules/auth/probe.ts',
      "import { listStatusChangesOf } from '../orders/public';\nexport const x = listStatusChangesOf;",
    ],
    [
      'the shared package importing an app',
      'packages/shared/src/domain/probe.ts',
      "import { shopNow } from '../../../../apps/server/src/config';\nexport const x = shopNow;",
    ],
    [
      'the browser importing server code',
      'apps/web/src/lib/probe.ts',
      "import { shopNow } from '../../../server/src/config';\nexport const x = shopNow;",
    ],
  ])('refuses %s', async (_case, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toHaveLength(1);
  });

  it.each([
    [
      'a feature using src/lib, src/components and the shared package',
      'apps/web/src/features/menu/components/probe.tsx',
      "import { showToast } from '../../../lib/toast';\nimport { ConfirmDialog } from '../../../components/confirm-dialog';\nimport { formatPounds } from '@shop/shared/domain/money';\nexport const x = [showToast, ConfirmDialog, formatPounds];",
    ],
    [
      'the app layer composing features',
      'apps/web/src/app/routes/probe.tsx',
      "import { SideCart } from '../../features/cart/components/side-cart';\nexport const x = SideCart;",
    ],
    [
      'a server module using an earlier module through its public.ts',
      'apps/server/src/modules/orders/probe.ts',
      "import { requireAdmin } from '../auth/public';\nexport const x = requireAdmin;",
    ],
  ])('allows %s', async (_case, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});

// One owner per table: only the orders module writes the orders and their status history (docs/architecture.md).
async function orderWrites(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const ORDERS_IMPORTS = "import type { Db } from '../../db/client';\nimport { orders, orderStatusHistory } from '../../db/schema';\n";

describe('only the orders module writes the orders, by lint', () => {
  it.each([
    ['an update through the query builder', 'await db.update(orders).set({ note: "" });'],
    ['an insert of a status', 'await db.insert(orderStatusHistory).values([]);'],
    ['a delete', 'await db.delete(orders);'],
    ['SQL text', "await db.execute('UPDATE orders SET note = null');"],
    ['SQL in a template', 'await db.execute(`insert into order_status_history (id) values (1)`);'],
  ])('refuses %s in another module', async (_case, statement) => {
    const code = `${ORDERS_IMPORTS}export async function x(db: Db) {\n  ${statement}\n}\n`;
    expect(await orderWrites('apps/server/src/modules/payments/probe.ts', code)).toHaveLength(1);
    expect(await orderWrites('apps/server/src/modules/orders/probe.ts', code)).toEqual([]);
  });

  it('lets another module read them', async () => {
    const code = `${ORDERS_IMPORTS}export async function x(db: Db) {\n  return [await db.select().from(orders), orderStatusHistory];\n}\n`;
    expect(await orderWrites('apps/server/src/modules/printers/probe.ts', code)).toEqual([]);
  });
});
