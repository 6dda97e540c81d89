import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Security headers, and the CSRF guard of DESIGN.md section 2: tRPC mutations accept only JSON (browsers
 * cannot send that cross-site without a preflight) and any request the browser marks as cross-site, or whose
 * Origin is foreign, is refused before it reaches a procedure.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (
      !req.url.startsWith('/trpc') ||
      req.method === 'GET' ||
      req.method === 'HEAD' ||
      req.method === 'OPTIONS'
    ) {
      return;
    }
    const problem = crossSiteProblem(req, allowedOrigin);
    if (problem) {
      req.log.warn({ problem }, 'cross-site mutation refused');
      return reply.code(problem.status).send({ error: { message: problem.message } });
    }
  });
});

export function crossSiteProblem(
  req: Pick<FastifyRequest, 'headers' | 'host' | 'protocol'>,
  allowedOrigin: string,
): { status: number; message: string } | null {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/json')) {
    return { status: 415, message: 'Requests must be sent as application/json.' };
  }
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    return { status: 403, message: 'Cross-site requests are not allowed.' };
  }
  const origin = req.headers.origin;
  if (origin && origin !== allowedOrigin && origin !== `${req.protocol}://${req.host}`) {
    return { status: 403, message: 'Cross-site requests are not allowed.' };
  }
  return null;
}
