import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeShiftBodySchema,
  DRIVER_SHIFTS_PATH,
  DRIVER_TIPS_PATH,
  driverShiftsAnswerSchema,
  driverShiftsQuerySchema,
  driverShiftWireSchema,
  driverTipsAnswerSchema,
  driverTipsQuerySchema,
  openShiftBodySchema,
  TIP_PAYOUTS_CSV_PATH,
  TIP_PAYOUTS_PATH,
  TIP_PAYOUTS_REPORT_PATH,
  tipPayoutBodySchema,
  tipPayoutsAnswerSchema,
  tipPayoutsQuerySchema,
  workerTipMonthSchema,
} from '@shop/shared/contract/cash-up';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { actorOf } from '../audit/public';
import { currentUser, requirePermission } from '../auth/public';
import { closeDriverShift, listDriverShifts, openDriverShift } from './shifts';
import { driverTipsStatement, recordTipPayout, tipPayoutsCsv, tipPayoutsReport } from './tips';

const path = (full: string) => full.replace(/^\/api/, '');
const csvText = z.string().meta({ description: 'CSV, one line per tip' });

/** The driver's cash-up and the tips' pay-out (decision 1701). */
export const cashUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cash-up'];
  app.get(
    path(DRIVER_SHIFTS_PATH),
    {
      preValidation: requirePermission('cashUp'),
      schema: {
        tags,
        summary: 'Each driver’s day: float, drops, cash expected and collected, handed in, variance, pay and tips',
        querystring: driverShiftsQuerySchema,
        response: { 200: driverShiftsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => listDriverShifts(app, request.query.date),
  );
  app.post(
    path(DRIVER_SHIFTS_PATH),
    {
      preValidation: requirePermission('cashUp'),
      schema: {
        tags,
        summary: 'Open a driver’s shift for a day with its float (one per driver and day)',
        body: openShiftBodySchema,
        response: { 201: driverShiftWireSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(201).send(await openDriverShift(app, request.body, actorOf(currentUser(request)))),
  );
  app.post(
    `${path(DRIVER_SHIFTS_PATH)}/:id/close`,
    {
      preValidation: requirePermission('cashUp'),
      schema: {
        tags,
        summary: 'Close a shift with the cash handed in; refused while the driver has a delivery on the road',
        params: idParams,
        body: closeShiftBodySchema,
        response: { 200: driverShiftWireSchema, ...errorAnswers },
      },
    },
    async (request) => closeDriverShift(app, request.params.id, request.body, actorOf(currentUser(request))),
  );
  app.get(
    path(TIP_PAYOUTS_REPORT_PATH),
    {
      preValidation: requirePermission('reports'),
      schema: {
        tags,
        summary: 'The month’s tips per worker: received in full, paid out, due date and status',
        querystring: tipPayoutsQuerySchema,
        response: { 200: tipPayoutsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => tipPayoutsReport(app, request.query.month),
  );
  app.get(
    path(TIP_PAYOUTS_CSV_PATH),
    {
      preValidation: requirePermission('reports'),
      schema: {
        tags,
        summary: 'The month’s tips as CSV, one line per tip, with when each was paid out',
        querystring: tipPayoutsQuerySchema,
        response: { 200: { description: 'The tips', content: { 'text/csv': { schema: csvText } } }, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { month, csv } = await tipPayoutsCsv(app, request.query.month);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="tips-${month}.csv"`).send(csv);
    },
  );
  app.post(
    path(TIP_PAYOUTS_PATH),
    {
      preValidation: requirePermission('cashUp'),
      schema: {
        tags,
        summary: 'Record that a worker was paid their tips of a month, in full',
        body: tipPayoutBodySchema,
        response: { 201: workerTipMonthSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(201).send(await recordTipPayout(app, request.body, actorOf(currentUser(request)))),
  );
  app.get(
    path(DRIVER_TIPS_PATH),
    {
      preValidation: requirePermission('ownDeliveries'),
      schema: {
        tags,
        summary: 'The signed-in worker’s own tips, order by order, and their pay-outs',
        querystring: driverTipsQuerySchema,
        response: { 200: driverTipsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => driverTipsStatement(app, currentUser(request), request.query),
  );
};
