import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@mohar/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/** Keeps a caller's request id when it is well formed (for tracing through a proxy), else makes one. */
export function generateRequestId(request: {
  headers: Record<string, string | string[] | undefined>;
}): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/**
 * helmet's headers for these options, worked out once. (@fastify/helmet called `helmet(options)` on every request,
 * rebuilding each middleware and re-parsing the CSP: a large part of a request's fixed cost.)
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Headers that only mean something on a document (HTML) or an API answer; not sent with static assets. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

// Scripts, stylesheets, fonts, raster images and WebAssembly: kinds a browser never renders as a document. SVG is
// left out (opened directly it is a document and may hold script).
const ASSET_TYPE =
  /^(text\/css|text\/javascript|application\/javascript|font\/|image\/(?!svg)|application\/wasm)/;
// A script fetched to start a worker takes its policy from its own response: it keeps the full set.
const DOCUMENT_DESTINATIONS = new Set([
  'document',
  'iframe',
  'frame',
  'embed',
  'object',
  'worker',
  'sharedworker',
  'serviceworker',
]);

/**
 * An API answer in JSON is data for the app's script, never a page: a browser given one as a document (nosniff is
 * kept) shows it as text. It gets the policy a JSON API needs (OWASP's REST cheat sheet): nothing may load and
 * nothing may frame it. The page-only headers (opener policy, referrer and permissions policies, the page's full CSP,
 * IE's and Flash's switches) were 0.9 of the 1.3 KB of headers on every read the app makes.
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const DROPPED_FROM_API_JSON = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
] as const;

const isApiPath = (request: FastifyRequest) => request.url.startsWith('/api/');

function isApiJson(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isApiPath(request)) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/** A built file served as it is, to be used by a page rather than shown as one. */
function isStaticAsset(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.url.startsWith('/api/') || reply.statusCode >= 400) return false;
  const destination = request.headers['sec-fetch-dest'];
  if (typeof destination === 'string' && DOCUMENT_DESTINATIONS.has(destination)) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && ASSET_TYPE.test(type);
}

/**
 * An API key and no cookie (decision 0070): nothing ambient rides along, so there is no forgery to stop (a browser
 * would need CORS, which the API does not answer, to send the header cross-site at all).
 */
function isBearerOnly(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return (
    typeof authorization === 'string' &&
    /^bearer\s/i.test(authorization) &&
    request.headers.cookie === undefined
  );
}

function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    const host = new URL(origin).host;
    return host !== request.headers.host && origin !== new URL(publicUrl).origin;
  } catch {
    return true;
  }
}

export type SecurityHeaders = {
  /** A page's full set (helmet's, with this app's CSP and permissions policy). */
  document: Readonly<Record<string, string>>;
  /** A JSON API answer's: the page's set without the page-only headers, with the API's CSP. */
  apiJson: Readonly<Record<string, string>>;
};

/** Both sets of security headers for this configuration, worked out once at start. */
export function securityHeaders(options: {
  isProduction: boolean;
  razorpayCheckout?: boolean;
}): SecurityHeaders {
  // Razorpay Checkout (only when it is the payment provider): its script, and the frame it opens for payment.
  const razorpay = options.razorpayCheckout
    ? {
        script: ['https://checkout.razorpay.com'],
        frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
      }
    : { script: [], frame: [] };
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // 'wasm-unsafe-eval' lets the PDF preview (pdf.js) compile its bundled WebAssembly decoders for scanned
        // pages (CCITT fax, JBIG2, JPEG 2000); without it those pages render blank. It allows WebAssembly only:
        // JavaScript eval and inline scripts stay refused.
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...razorpay.script],
        'frame-src': ["'self'", ...razorpay.frame],
        // Mantine sets CSS variables through style attributes and one injected <style>; scripts stay strict.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(options.razorpayCheckout ? ['https://lumberjack.razorpay.com'] : [])],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(options.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Camera and microphone are needed by the live session later; nothing else.
    crossOriginEmbedderPolicy: false,
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  documentHeaders['permissions-policy'] = 'camera=(self), microphone=(self), geolocation=(), payment=(self)';
  const apiJson: Record<string, string> = { ...documentHeaders };
  for (const name of DROPPED_FROM_API_JSON) delete apiJson[name];
  apiJson['content-security-policy'] = API_CONTENT_SECURITY_POLICY;
  return { document: documentHeaders, apiJson };
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; headers: SecurityHeaders },
) {
  const { document: documentHeaders, apiJson } = options.headers;
  const pageOnly = Object.entries(documentHeaders).filter(([name]) => apiJson[name] === undefined);
  // One synchronous hook for both rules that run on every request (no promise per hook and request).
  app.addHook('onRequest', (request, reply, done) => {
    // Set first, so a route that needs its own (a sandboxing CSP on an uploaded file) replaces them. An API request
    // starts with the API's set (almost all its answers are JSON): a read no longer sets the page's 13 headers to
    // remove 8 of them again.
    reply.headers(isApiPath(request) ? apiJson : documentHeaders);
    // CSRF defence for every state-changing API call: a browser on another site cannot make one.
    // (Sessions use SameSite cookies too; this also covers old browsers and same-site subdomains.)
    if (
      !SAFE_METHODS.has(request.method) &&
      isApiPath(request) &&
      !isBearerOnly(request) &&
      isCrossSite(request, options.publicUrl)
    ) {
      done(
        new AppError({
          statusCode: 403,
          code: ERROR_CODES.crossSite,
          message: 'This request came from another site and was refused.',
        }),
      );
      return;
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isStaticAsset(request, reply)) {
      // A script, stylesheet, font or image is not a document: a CSP, framing or opener policy on it does nothing,
      // yet it cost about 1.1 KB on each of a page's 35–124 asset responses. It keeps nosniff,
      // Cross-Origin-Resource-Policy, HSTS when set, and its own cache headers (decision 0019).
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      reply.removeHeader('permissions-policy');
      done(null, payload);
      return;
    }
    if (isApiJson(request, reply)) {
      reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    } else if (isApiPath(request)) {
      // Not JSON (a PDF, an image, the documentation page, a 304): the page's full set, the route's own kept.
      for (const [name, value] of pageOnly) if (!reply.hasHeader(name)) reply.header(name, value);
      if (reply.getHeader('content-security-policy') === API_CONTENT_SECURITY_POLICY) {
        reply.header('content-security-policy', documentHeaders['content-security-policy']);
      }
    }
    reply.header('x-request-id', request.id);
    // API answers depend on who asks (or may, tomorrow): none is stored by a browser or a shared cache unless its
    // route says it is public by setting its own Cache-Control (blog posts and images, site info, the directory's
    // photos); errors never are.
    if (isApiPath(request) && (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
