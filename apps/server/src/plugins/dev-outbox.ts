import type { FastifyInstance } from 'fastify';
import type { ConsoleSmsSender } from '../services/sms/console-sms-sender';

/**
 * Outside production with the console sender, GET /dev/outbox lists recent texts (newest first) so tests
 * and local users can read codes and links. `?to=+1555...` filters by recipient.
 */
export async function devOutboxRoutes(app: FastifyInstance, { sender }: { sender: ConsoleSmsSender }) {
  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (req) => {
    const to = req.query.to;
    return { messages: sender.outbox().filter((message) => !to || message.to === to) };
  });
}
