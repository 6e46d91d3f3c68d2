import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openingHoursAnswerSchema, openingHoursSchema } from '@shop/shared/contract/opening-hours';
import { shopSettingsUpdateSchema, shopSettingsWireSchema, shopTraderSchema } from '@shop/shared/contract/settings';
import { PUBLIC_ANSWER } from '../../http/private-answers';
import { errorAnswers } from '../../http/route-schemas';
import { actorOf } from '../audit/public';
import { currentUser, requirePermission, roleForbidden } from '../auth/public';
import { can } from '@shop/shared/domain/roles';
import { HttpError } from '../../http-errors';
import { readOpeningHours, readShopSettings, readShopTrader, updateOpeningHours, updateShopSettings } from './service';
import { readTippingPolicy, updateTippingPolicy } from './tipping-policy';
import { TIPPING_POLICY_PATH, tippingPolicyAnswerSchema, tippingPolicyUpdateSchema } from '@shop/shared/contract/tips';

/**
 * The shop's settings (read by the board's roles, changed by owners and managers; the counter's refund limit owners only): the order timers and auto-accept of decision 0800, the kitchen's of decision 0901,
 * the trader, post code and collection time of decision 1002; and the trader as every visitor reads it.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.get(
    '/shop-settings',
    {
      // Read by every role that runs the board: its late and auto-reject timers, and the counter's refund limit.
      preValidation: requirePermission('board'),
      schema: { tags, summary: 'The shop’s settings', response: { 200: shopSettingsWireSchema, ...errorAnswers } },
    },
    async () => readShopSettings(app.db, app.config.shop),
  );
  app.put(
    '/shop-settings',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Change some of the shop’s settings (only the fields sent)',
        description: 'counterRefundLimit is a payment setting: only a role holding `paymentSettings` (the owner) may send it.',
        body: shopSettingsUpdateSchema,
        response: { 200: shopSettingsWireSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { role } = currentUser(request);
      if (request.body.counterRefundLimit !== undefined && !can(role, 'paymentSettings')) {
        throw new HttpError('ROLE_FORBIDDEN', roleForbidden(role));
      }
      return updateShopSettings(app, request.body, actorOf(currentUser(request)));
    },
  );
  // Everyone: the footer, checkout and the order page show who the customer contracts with (decision 1002).
  app.get(
    '/shop-trader',
    {
      config: PUBLIC_ANSWER,
      schema: {
        tags,
        summary: 'Who the shop is: the trader’s name, address, phone, e-mail and VAT number',
        response: { 200: shopTraderSchema, ...errorAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readShopTrader(app);
    },
  );
  // Everyone: the storefront's store information and every process's rules read the same hours (decision 1400).
  app.get(
    '/opening-hours',
    {
      config: PUBLIC_ANSWER,
      schema: {
        tags,
        summary: 'The opening hours: the weekly sessions, the special days and the cut-off before closing',
        response: { 200: openingHoursAnswerSchema, ...errorAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readOpeningHours(app.db);
    },
  );
  // The owner's and the manager's.
  app.put(
    '/opening-hours',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Replace the opening hours (the whole value: weekly, specialDays, cutoffMinutes)',
        body: openingHoursSchema,
        response: { 200: openingHoursAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => updateOpeningHours(app, request.body, actorOf(currentUser(request))),
  );
  // Everyone: the storefront's tipping policy page and the tip chooser's link (decision 1602).
  app.get(
    TIPPING_POLICY_PATH.replace(/^\/api/, ''),
    {
      config: PUBLIC_ANSWER,
      schema: {
        tags,
        summary: 'The shop’s written tipping policy: the owner’s, or the default (all tips to the driver, in full) until written',
        response: { 200: tippingPolicyAnswerSchema, ...errorAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readTippingPolicy(app.db);
    },
  );
  // The owner's alone: what the shop promises its workers about their tips.
  app.put(
    TIPPING_POLICY_PATH.replace(/^\/api/, ''),
    {
      preValidation: requirePermission('paymentSettings'),
      schema: {
        tags,
        summary: 'Replace the tipping policy’s text (the owner only), recorded in the audit log',
        body: tippingPolicyUpdateSchema,
        response: { 200: tippingPolicyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => updateTippingPolicy(app, request.body.policy, actorOf(currentUser(request))),
  );
};
