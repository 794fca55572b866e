import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { moduleFrontDoors } from './module-front-doors.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve('/repo');
const at = (file: string) => path.join(root, ...file.split('/'));
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('module-front-doors', moduleFrontDoors, {
  valid: [
    {
      filename: at('server/modules/cart/service.ts'),
      code: "import { findProduct } from '../catalog/index.js';",
    },
    { filename: at('server/modules/cart/service.ts'), code: "import { getCart } from './repository.js';" },
    { filename: at('server/modules/chat/handlers/kit.ts'), code: "import { x } from '../service.js';" },
    {
      filename: at('server/modules/cart/service.ts'),
      code: "import { badRequest } from '../../http/errors.js';",
    },
    { filename: at('server/app.ts'), code: "import { orderRoutes } from './modules/orders/index.js';" },
    {
      filename: at('server/modules/cart/cart.test.ts'),
      code: "import { insertProduct } from '../catalog/repository.js';",
    },
    { filename: at('server/modules/cart/service.ts'), code: "import path from 'node:path';" },
  ],
  invalid: [
    {
      filename: at('server/modules/cart/service.ts'),
      code: "import { findProduct } from '../catalog/repository.js';",
      errors: [
        {
          message:
            "'../catalog/repository.js' reaches into the catalog module; import what it offers from '../catalog/index.js' (its index.ts) instead.",
        },
      ],
    },
    {
      filename: at('server/app.ts'),
      code: "import { orderRoutes } from './modules/orders/routes.js';",
      errors: [
        {
          message:
            "'./modules/orders/routes.js' reaches into the orders module; import what it offers from './modules/orders/index.js' (its index.ts) instead.",
        },
      ],
    },
    {
      filename: at('server/modules/product-editor/service.ts'),
      code: "export { deleteDescriptionImage } from '../images/store.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('server/seed/seed.ts'),
      code: "export * from '../modules/catalog/repository.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('server/modules/metrics/metrics.ts'),
      code: "const sweep = import('../orders/sweep.js');",
      errors: [{ messageId: 'internal' }],
    },
  ],
});
