import type { FastifyPluginAsync } from 'fastify';
import { listCategories, listProducts, listToppings } from './service';

// Paths as the spec spells them.
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  app.get('/allcategori', async () => listCategories(app.db));
  app.get('/allproduts', async () => listProducts(app.db));
  app.get<{ Params: { categoriName: string } }>('/products/:categoriName', async (request) =>
    listProducts(app.db, request.params.categoriName),
  );
  app.get('/ingredients', async () => listToppings(app.db));
};
