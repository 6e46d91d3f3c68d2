import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedAnswerSchema } from '@shop/shared/contract/catalogue';
import {
  deliveryCheckAnswerSchema,
  deliveryCheckQuerySchema,
  deliveryZoneCreateSchema,
  deliveryZonesAnswerSchema,
  deliveryZoneUpdateSchema,
  deliveryZoneWireSchema,
} from '@shop/shared/contract/delivery';
import { PUBLIC_ANSWER } from '../../http/private-answers';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { requirePermission } from '../auth/public';
import { addZone, checkDelivery, listZones, removeZone, updateZone } from './service';

/** The delivery area (decision 1001): the zones (admins) and the storefront's check of a post code (anyone). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['delivery'];
  app.get(
    '/delivery-zones',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'The shop’s post code and its delivery zones, by code',
        response: { 200: deliveryZonesAnswerSchema, ...errorAnswers },
      },
    },
    async () => listZones(app),
  );
  app.post(
    '/delivery-zones',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Add a delivery zone: a district (BS1) or a sector (BS6 5) with its fee and minimum order in pounds',
        body: deliveryZoneCreateSchema,
        response: { 201: deliveryZoneWireSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(201).send(await addZone(app, request.body)),
  );
  app.put(
    '/delivery-zones/:id',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Change a delivery zone’s code, fee or minimum order (only the fields sent)',
        params: idParams,
        body: deliveryZoneUpdateSchema,
        response: { 200: deliveryZoneWireSchema, ...errorAnswers },
      },
    },
    async (request) => updateZone(app, request.params.id, request.body),
  );
  app.delete(
    '/delivery-zones/:id',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Remove a delivery zone (not the last one while the shop’s post code is set)',
        params: idParams,
        response: { 200: deletedAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => removeZone(app, request.params.id),
  );
  app.get(
    '/delivery-check',
    {
      config: PUBLIC_ANSWER,
      schema: {
        tags,
        summary: 'Whether the shop delivers to a post code, at what fee and from what minimum order (pounds)',
        querystring: deliveryCheckQuerySchema,
        response: { 200: deliveryCheckAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => checkDelivery(app, request.query.postcode),
  );
};
