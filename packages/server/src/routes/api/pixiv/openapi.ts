/**
 * `GET /api/pixiv/openapi.json`: the mirror's routes as an OpenAPI 3 document, made from the
 * route tables, as HibiAPI (a FastAPI app) publishes its own. Clients probe it to tell that a
 * mirror is up (the app's local API map answers `true` there, spec 001 §7.3); a document is a
 * truthy answer to that probe and a description of every route, parameter and default.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from './endpoints.ts';
import type { Field } from './params.ts';
import { USER_TOKEN_HEADER } from './index.ts';

function schemaOf(field: Field): Record<string, unknown> {
  switch (field.type) {
    case 'int':
      return {
        type: 'integer',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
        ...(field.default !== undefined ? { default: field.default } : {}),
      };
    case 'string':
      return {
        type: 'string',
        ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
        ...(field.default !== undefined ? { default: field.default } : {}),
      };
    case 'enum':
      return {
        type: 'string',
        enum: [...field.values],
        ...(field.default !== undefined ? { default: field.default } : {}),
      };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'bool':
      return { type: 'boolean', default: field.default };
    case 'next_url':
      return { type: 'string', format: 'uri', maxLength: field.maxLength };
  }
}

const json = { 'application/json': { schema: { type: 'object' } } };
// A function: index.ts, where the header's name lives, imports this module.
const userTokenParameter = () => ({
  name: USER_TOKEN_HEADER,
  in: 'header',
  required: false,
  description: "The user's own refresh token (local-app mode); answers are then theirs alone.",
  schema: { type: 'string', minLength: 43, maxLength: 43 },
});
const responses = {
  '200': { description: "Upstream's JSON, verbatim (also its error bodies)", content: json },
  '422': { description: 'Validation error (pydantic v1 shape)', content: json },
};

/** The document; built once, it only depends on the route tables. */
export function mirrorOpenApi(): Record<string, unknown> {
  const userToken = userTokenParameter();
  const paths: Record<string, unknown> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    paths[`/${name}`] = {
      get: {
        operationId: name,
        ...(endpoint.passthrough
          ? { description: 'Other plain query parameters are passed on to pixiv.' }
          : {}),
        parameters: [
          ...Object.entries(endpoint.fields).map(([param, field]) => ({
            name: param,
            in: 'query',
            required: 'required' in field && field.required === true,
            schema: schemaOf(field),
          })),
          userToken,
        ],
        responses,
      },
    };
  }
  const jsonText = (name: string, description: string) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: { type: 'string' },
  });
  paths['/req_get'] = {
    get: {
      operationId: 'req_get',
      parameters: [
        {
          name: 'path',
          in: 'query',
          required: true,
          schema: { type: 'string', enum: ['v2/illust/follow', 'v1/novel/follow'] },
        },
        jsonText('params', 'JSON object: restrict, offset'),
        { ...userToken, required: true },
      ],
      responses,
    },
  };
  paths['/req_post'] = {
    get: {
      operationId: 'req_post',
      parameters: [
        {
          name: 'path',
          in: 'query',
          required: true,
          schema: {
            type: 'string',
            enum: [
              'v2/illust/bookmark/add',
              'v1/illust/bookmark/delete',
              'v1/user/follow/add',
              'v1/user/follow/delete',
            ],
          },
        },
        jsonText('data', 'JSON object: illust_id or user_id, restrict, tags'),
        { ...userToken, required: true },
      ],
      responses,
    },
  };
  paths['/me'] = {
    get: { operationId: 'me', parameters: [{ ...userToken, required: true }], responses },
  };
  return {
    openapi: '3.0.2',
    info: { title: 'pixiv mirror (HibiAPI-compatible)', version: '1.0.0' },
    servers: [{ url: '/api/pixiv' }],
    paths,
  };
}

export function openApiRoutes(app: FastifyInstance): void {
  const doc = JSON.stringify(mirrorOpenApi());
  app.get('/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'max-age=3600').send(doc),
  );
}
