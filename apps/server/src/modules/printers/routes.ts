import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cloudPrntConfirmQuerySchema,
  cloudPrntJobQuerySchema,
  cloudPrntPollAnswerSchema,
  cloudPrntPollSchema,
  printerCreateSchema,
  printerDeleteAnswerSchema,
  printersAnswerSchema,
  printerUpdateSchema,
  printerWireSchema,
  printJobsAnswerSchema,
  printRequestSchema,
  ticketPreviewQuerySchema,
  ticketPreviewSchema,
} from '@shop/shared/contract/printers';
import { errorAnswers, idParams } from '../../http/route-schemas';
import { HttpError } from '../../http-errors';
import { actorOf } from '../audit/public';
import { currentUser, requirePermission } from '../auth/public';
import { startPrintDispatcher } from './dispatcher';
import { starPrntBytes } from './render';
import {
  addPrinter,
  confirmCloudPrntJob,
  jobOfPrinter,
  listPrinters,
  markFetched,
  nextCloudPrntJob,
  orderPrintJobs,
  printerBySecret,
  recordPoll,
  removePrinter,
  reprintOrder,
  testPrint,
  ticketPreview,
  updatePrinter,
} from './service';
import { readIdempotencyKey } from '../../http/idempotency-key';

/** StarPRNT commands: what the shop offers a CloudPRNT printer (mC-Print3, TSP100IV, TSP650II with a CloudPRNT interface). */
const STARPRNT = 'application/vnd.star.starprnt';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_A_PRINTER = 'No printer has this address';

const secretParams = z.object({ secret: z.string().describe('The printer’s secret, from its CloudPRNT server URL') });
const jobBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** Receipt printers (issue 24, decision 1200): the back office's routes (admins) and the CloudPRNT printers' own. */
export const printerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['printers'];
  // Each process sends the network printers' jobs and makes the automatic ones (dispatcher.ts).
  startPrintDispatcher(app);

  app.get(
    '/printers',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'The receipt printers, by name, each with its status (online, last seen, jobs waiting, last error)',
        response: { 200: printersAnswerSchema, ...errorAnswers },
      },
    },
    async () => ({ printers: await listPrinters(app) }),
  );
  app.post(
    '/printers',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Add a receipt printer: a network printer (ESC/POS on host:9100) or a Star CloudPRNT printer',
        body: printerCreateSchema,
        response: { 201: printerWireSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(201).send(await addPrinter(app, request.body, actorOf(currentUser(request)))),
  );
  app.put(
    '/printers/:id',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Change a printer (only the fields sent); its waiting jobs go to it as it is now reached',
        params: idParams,
        body: printerUpdateSchema,
        response: { 200: printerWireSchema, ...errorAnswers },
      },
    },
    async (request) => updatePrinter(app, request.params.id, request.body, actorOf(currentUser(request))),
  );
  app.delete(
    '/printers/:id',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Remove a printer and its waiting jobs',
        params: idParams,
        response: { 200: printerDeleteAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => removePrinter(app, request.params.id, actorOf(currentUser(request))),
  );
  app.post(
    '/printers/:id/test',
    {
      preValidation: requirePermission('settings'),
      schema: {
        tags,
        summary: 'Print a test page on the printer',
        params: idParams,
        body: z.strictObject({}).describe('Nothing (an empty body or none)'),
        response: { 202: printJobsAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => reply.code(202).send({ jobs: await testPrint(app.db, request.params.id) }),
  );
  app.post(
    '/orders/:id/print',
    {
      preValidation: requirePermission('reprint'),
      schema: {
        tags,
        summary:
          'Reprint an order’s tickets: every printer and the tickets it prints, or one printer or kind. An Idempotency-Key makes a retry answer the same jobs',
        params: idParams,
        body: printRequestSchema,
        response: { 202: printJobsAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request);
      const { jobs } = await reprintOrder(app, {
        orderId: request.params.id,
        body: request.body,
        actor: actorOf(currentUser(request)),
        idempotencyKey: key,
      });
      return reply.code(202).send({ jobs });
    },
  );
  app.get(
    '/orders/:id/print-jobs',
    {
      preValidation: requirePermission('reprint'),
      schema: {
        tags,
        summary: 'An order’s print jobs, newest first',
        params: idParams,
        response: { 200: printJobsAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ jobs: await orderPrintJobs(app.db, request.params.id) }),
  );
  app.get(
    '/orders/:id/ticket',
    {
      preValidation: requirePermission('reprint'),
      schema: {
        tags,
        summary: 'An order’s ticket as the printers print it, drawn as SVG and as text (80 or 58 mm, kitchen or customer)',
        params: idParams,
        querystring: ticketPreviewQuerySchema,
        response: { 200: ticketPreviewSchema, ...errorAnswers },
      },
    },
    async (request) => ticketPreview(app.db, request.params.id, request.query.paperWidth, request.query.kind),
  );

  // ---- Star CloudPRNT (the printer's side): its URL's secret is its only credential. ----
  app.post(
    '/cloudprnt/:secret',
    {
      schema: {
        tags,
        summary: 'CloudPRNT poll: the printer reports its status and hears whether a ticket is ready',
        params: secretParams,
        body: cloudPrntPollSchema,
        response: { 200: cloudPrntPollAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const printer = await printerBySecret(app.db, request.params.secret);
      if (!printer) throw new HttpError('NOT_FOUND', NOT_A_PRINTER);
      await recordPoll(app.db, printer.id, request.body.status);
      const job = await nextCloudPrntJob(app.db, printer.id);
      if (!job) return { jobReady: false };
      return { jobReady: true, mediaTypes: [STARPRNT], jobToken: job.id, deleteMethod: 'DELETE' as const };
    },
  );
  app.get(
    '/cloudprnt/:secret',
    {
      schema: {
        tags,
        summary: 'CloudPRNT job: the ticket named by the poll’s token, as StarPRNT commands',
        params: secretParams,
        querystring: cloudPrntJobQuerySchema,
        response: { 200: { description: 'The ticket', content: { [STARPRNT]: { schema: jobBytes } } }, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const printer = await printerBySecret(app.db, request.params.secret);
      if (!printer) throw new HttpError('NOT_FOUND', NOT_A_PRINTER);
      const { token, type } = request.query;
      if (type !== undefined && type !== STARPRNT) throw new HttpError('NOT_ACCEPTABLE', `Only ${STARPRNT} is offered`);
      // A printer without token support fetches the oldest waiting job, which its poll announced.
      const job =
        token !== undefined
          ? UUID.test(token)
            ? await jobOfPrinter(app.db, printer.id, token)
            : null
          : await nextCloudPrntJob(app.db, printer.id);
      if (!job || (job.status !== 'queued' && job.status !== 'sending')) throw new HttpError('NOT_FOUND', 'No such ticket waiting');
      await markFetched(app.db, job.id);
      return reply
        .type(STARPRNT)
        .header('cache-control', 'no-store')
        .send(starPrntBytes(job.document, printer.paperWidth, job.copies));
    },
  );
  app.delete(
    '/cloudprnt/:secret',
    {
      schema: {
        tags,
        summary: 'CloudPRNT confirmation: the printer printed the ticket (code 2xx or OK) or cannot print it',
        params: secretParams,
        querystring: cloudPrntConfirmQuerySchema,
        response: { 200: z.object({ confirmed: z.boolean() }), ...errorAnswers },
      },
    },
    async (request) => {
      const printer = await printerBySecret(app.db, request.params.secret);
      if (!printer) throw new HttpError('NOT_FOUND', NOT_A_PRINTER);
      const { token, code = '' } = request.query;
      const job =
        token !== undefined
          ? UUID.test(token)
            ? await jobOfPrinter(app.db, printer.id, token)
            : null
          : await nextCloudPrntJob(app.db, printer.id);
      if (!job) return { confirmed: false };
      return { confirmed: await confirmCloudPrntJob(app.db, printer.id, job.id, code) };
    },
  );
};
