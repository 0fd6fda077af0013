import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrl } from './redact-url.js';

export type AccessLine = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The one line each finished request leaves in the log, in exactly the shape pino gives a line
 * (`level`, `time`, `pid`, `hostname`, the fields, `msg`), written straight to the log's
 * destination. Every field is ours and none can hold a secret (a signed link's signature is cut
 * by redactUrl), so the line needs neither pino's redaction pass nor its generic serialiser,
 * which together were the largest share of a small request's cost outside the handler. Null when
 * the level leaves info lines out.
 */
export function accessLine(level: string, destination: pino.DestinationStream): AccessLine | null {
  const threshold = pino.levels.values[level];
  if (threshold === undefined || threshold > pino.levels.values.info!) return null;
  const prefix = `{"level":${pino.levels.values.info},"time":`;
  const identity = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  return (request, reply) => {
    destination.write(
      `${prefix}${Date.now()}${identity}${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))},"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request"}\n`,
    );
  };
}
