import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrderNumberParamsSchema, SIGN_OFF_MESSAGES, SignOffAnswerBodySchema, SignOffAnswerResponseSchema } from '@thaiyal/contract';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../platform/current-user.js';
import { queueMails } from '../../platform/outbox.js';
import { queuePush } from '../../platform/push.js';
import { PUSH_LINES, shopNotice } from '../../platform/push-notices.js';
import { answerSignOff, signOffAnswerMail } from './sign-off.js';

/**
 * `POST /orders/:orderId/sign-off` `{decision: 'approve' | 'call-me', comment?}`
 * (docs/product.md#sign-off-before-cutting) on `app`, whose scope already requires a signed-in
 * user (orders.routes.ts): the shopper answers the shop's ask before cutting → 200 `{message, order}`.
 * 400 a bad body (an unknown decision, a comment past MAX_SIGN_OFF_COMMENT_LENGTH, an unknown field);
 * 404 an unknown order or another user's; 409 when not asked (or already answered), delivered or
 * cancelled. The shop's mail goes into the outbox with the answer (docs/architecture.md#mail).
 */
export function registerSignOffRoute(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/orders/:orderId/sign-off',
    {
      schema: {
        operationId: 'answerSignOff',
        summary: 'Approve the order before cutting, or ask the shop to call',
        params: OrderNumberParamsSchema,
        body: SignOffAnswerBodySchema,
        response: { 200: SignOffAnswerResponseSchema },
        errors: ['bad_request', 'not_found', 'conflict'],
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock.now();
      const order = await answerSignOff(db, now, user.id, request.params.orderId, request.body, async (tx, answered) => {
        await queueMails(tx, now, [signOffAnswerMail(answered, user, app.config.publicUrl)]);
        const line = answered.signOff?.state === 'approved' ? PUSH_LINES.approved : PUSH_LINES.callRequested;
        const title = { en: `Order ${answered.orderId}: approval answered`, ta: `ஆர்டர் ${answered.orderId}: ஒப்புதல் பதில்` };
        await queuePush(tx, now, [shopNotice('sign-off-answered', answered.orderId, app.config.publicUrl, title, line)]);
      });
      void app.outbox.wake();
      return { message: SIGN_OFF_MESSAGES.answered, order };
    },
  );
}
