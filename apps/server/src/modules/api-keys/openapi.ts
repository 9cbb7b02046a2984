/**
 * What the OpenAPI description (Swagger UI at /api/v1/docs) says about API keys (decision 0070): the two ways in, and
 * request and response examples on the routes a key opens. Added to the generated document, so the zod contracts stay
 * the one source of the shapes.
 */
type OpenApiDocument = {
  components?: Record<string, unknown>;
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  [key: string]: unknown;
};
type OpenApiOperation = {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> } | undefined>;
  parameters?: Array<Record<string, unknown>>;
  description?: string;
};

export const securitySchemes = {
  apiKey: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'mohar_live_… / mohar_test_…',
    description:
      "An organisation's API key (Organisation → API keys). Every POST also needs an `Idempotency-Key` header.",
  },
  session: {
    type: 'apiKey' as const,
    in: 'cookie',
    name: 'mohar_session',
    description: 'The web app’s signed-in session.',
  },
};

const ID = '0b9f6a52-5d6e-4c8e-9d0f-3c1a2b4e5f60';
const application = {
  _id: ID,
  status: 'draft',
  title: 'Rental agreement — Flat 4B',
  documentType: 'rental_agreement',
  notarialAct: 'attest_execution',
  signatories: [{ fullName: 'Asha Verma', email: 'asha@example.com', role: 'executant', order: 1 }],
};
const signatories = {
  signatories: [
    {
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      mobile: '9876543210',
      dateOfBirth: '1990-04-12',
      role: 'executant',
    },
  ],
};
const draft = {
  notaryChoice: 'first_available',
  documentType: 'rental_agreement',
  notarialAct: 'attest_execution',
  title: 'Rental agreement — Flat 4B',
  language: 'English',
  purpose: 'Tenancy',
};

const EXAMPLES: Record<string, Record<string, { request?: unknown; response?: [string, unknown] }>> = {
  '/api/v1/applications': {
    post: { response: ['201', { application: { ...application, title: null, signatories: [] } }] },
    get: { response: ['200', { applications: [application], nextCursor: null }] },
  },
  '/api/v1/applications/{id}': {
    get: { response: ['200', { application }] },
    patch: { request: draft, response: ['200', { application }] },
  },
  '/api/v1/applications/{id}/signatories': {
    put: { request: signatories, response: ['200', { application }] },
  },
  '/api/v1/applications/{id}/submit': {
    post: { response: ['200', { application: { ...application, status: 'awaiting_payment' } }] },
  },
};
const KEY_ERROR = {
  message: 'This API key may not do this: it needs the "applications:write" permission.',
  code: 'api.scope_missing',
};

/** swagger's `transformObject`: the generated document with the key's examples and headers. */
export function withApiKeyExamples(document: OpenApiDocument): OpenApiDocument {
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods ?? {})) {
      const example = EXAMPLES[path]?.[method];
      if (!operation) continue;
      if (example?.request !== undefined) {
        const json = operation.requestBody?.content?.['application/json'];
        if (json) json.example = example.request;
      }
      if (example?.response) {
        const [status, body] = example.response;
        const json = operation.responses?.[status]?.content?.['application/json'];
        if (json) json.example = body;
      }
      const forbidden = operation.responses?.['403']?.content?.['application/json'];
      if (forbidden && path.startsWith('/api/v1/applications')) forbidden.example = KEY_ERROR;
      if (method === 'post' && path.startsWith('/api/v1/applications')) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            in: 'header',
            name: 'Idempotency-Key',
            required: false,
            description:
              'Required with an API key. A retry with the same key gets the first answer (24 hours); the same key with another request is refused 422 `idempotency.key_reused`.',
            schema: { type: 'string', maxLength: 255 },
            example: 'create-7f3c9a',
          },
        ];
      }
    }
  }
  return document;
}
