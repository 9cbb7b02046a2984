import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config.ts';

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** How long TURN credentials last: a long session, and then some. */
const TURN_TTL_SECONDS = 4 * 60 * 60;

/**
 * The ICE servers a participant's browser uses: the configured STUN/TURN list, plus, with a TURN secret, credentials
 * for coturn's REST API (`use-auth-secret`): username `expiry:participant`, password base64(HMAC-SHA1(secret,
 * username)). They expire on their own; nothing long-lived reaches the browser.
 */
export function iceServersFor(config: AppConfig['ice'], participant: string, now = new Date()): IceServer[] {
  const servers: IceServer[] = [...config.servers];
  if (config.turn) {
    const username = `${Math.floor(now.getTime() / 1000) + TURN_TTL_SECONDS}:${participant}`;
    const credential = createHmac('sha1', config.turn.secret).update(username).digest('base64');
    servers.push({ urls: config.turn.urls, username, credential });
  }
  return servers;
}
