// How a page's HTML goes out: the data it was rendered with, and the page sent as kept bytes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LEARNER_DATA_ATTRIBUTE, LEARNER_DATA_FOLLOWS } from '../../../contract/page-render';
import { sendFinished, type Finished } from '../../lib/compression';
import { escapeHtml, jsonForHtml } from './html';
import type { RenderedPage } from './page-renderer';

/**
 * The call every page makes first (web/lib/session.ts). A page the browser renders has it
 * preloaded, so it starts with the page instead of after the scripts; a page rendered here
 * carries its answer (or, rendered for any learner, preloads it too).
 */
export const SESSION_STATUS_CALL = '/api/user/session-status';

/** A page's HTML as sent (kept when it is the same for every visitor of its kind) and its status. */
export interface FinishedPage extends Finished {
  status: number;
}

/**
 * The data a page was rendered with, for the browser's query cache. A page rendered for any learner
 * (ADR 39) is marked so, for the browser to ask for the learner's own, and starts their reads at
 * once, the session's first.
 */
export function queryDataOf(shown: RenderedPage): string {
  const data = jsonForHtml(shown.queryState);
  if (!shown.personalReads) return `\n    <script type="application/json" id="query-data">${data}</script>`;
  const preloads = [SESSION_STATUS_CALL, ...shown.personalReads].map(
    (href) => `\n    <link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`,
  );
  return `${preloads.join('')}\n    <script type="application/json" id="query-data" ${LEARNER_DATA_ATTRIBUTE}="${LEARNER_DATA_FOLLOWS}">${data}</script>`;
}

/** Sends a page, compressed as the request accepts (the compressed bytes kept with a kept page). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: FinishedPage, personal: boolean) {
  return sendFinished(
    request,
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // Every page depends on the cookies (the language cookie, and the session a rendered page was
      // rendered with), so a cache must never hand one visitor's copy to another: `Vary: Cookie`.
      // A page rendered with the visitor's session carries their name and progress: kept by nobody.
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      .header('vary', 'Cookie'),
    page,
  );
}
