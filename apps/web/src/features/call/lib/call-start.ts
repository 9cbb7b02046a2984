import type { CallMediaState } from '@mohar/contracts';
import type { Socket } from 'socket.io-client';
import { CallMesh } from './mesh';

/** A call asked to join: its channel, its mesh, and what the server said to the call before the screen listened. */
export type StartedCall = {
  socket: Socket;
  mesh: CallMesh;
  /** The events heard so far (in order), handed over once; from then on the screen's own listeners hear them. */
  takeEarlyEvents: () => Array<[event: string, args: unknown[]]>;
};

/**
 * Joins the call as soon as the channel is open, before the call's screen has rendered: the press on "Join now" (or a
 * reload) asks the server at once, and the peers already there start their connections while the screen mounts (on
 * the notary's page, with its recorder, identity checks and document, the screen's first render is the slowest
 * step of its way in). The mesh keeps its own listeners; the screen's (chat, recording, identity, signatures, the
 * end) are attached later, so until then every event is kept for it to replay.
 */
export async function startCall(
  opening: Promise<Socket>,
  options: { applicationId: string; localStream: MediaStream; media: CallMediaState },
): Promise<StartedCall> {
  const socket = await opening;
  const early: Array<[string, unknown[]]> = [];
  const keep = (event: string, ...args: unknown[]) => {
    early.push([event, args]);
  };
  socket.onAny(keep);
  const mesh = new CallMesh({
    socket,
    applicationId: options.applicationId,
    localStream: options.localStream,
  });
  mesh.setMedia(options.media);
  void mesh.join();
  return {
    socket,
    mesh,
    takeEarlyEvents: () => {
      socket.offAny(keep);
      return early.splice(0);
    },
  };
}

/** Leaves a call that was started but never taken by its screen (the session ended, or the person went away). */
export function abandonCall(started: Promise<StartedCall>): void {
  started.then(
    ({ socket, mesh, takeEarlyEvents }) => {
      takeEarlyEvents();
      mesh.leave();
      socket.disconnect();
    },
    () => undefined,
  );
}
