import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopSettingsUpdateSchema, shopSettingsWireSchema } from '@shop/shared/contract/settings';
import { errorAnswers } from '../../http/route-schemas';
import { requireAdmin } from '../auth/public';
import { readShopSettings, updateShopSettings } from './service';

/** The shop's settings (admins): the order timers and auto-accept of decision 0800, the kitchen's of decision 0901. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.get(
    '/shop-settings',
    {
      preValidation: requireAdmin,
      schema: { tags, summary: 'The shop’s settings', response: { 200: shopSettingsWireSchema, ...errorAnswers } },
    },
    async () => readShopSettings(app.db),
  );
  app.put(
    '/shop-settings',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Change some of the shop’s settings (only the fields sent)',
        body: shopSettingsUpdateSchema,
        response: { 200: shopSettingsWireSchema, ...errorAnswers },
      },
    },
    async (request) => updateShopSettings(app, request.body),
  );
};
