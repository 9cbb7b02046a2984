import type { DbOrTx } from '../../db/client.ts';
import { findApplication } from '../applications/applications.service.ts';
import * as repo from './recorder.repository.ts';
import type { RecorderService } from './recorder.service.ts';

/**
 * Acts that ended without the recorder being told: the abandoned-session sweep and support's "mark failed" move the
 * application on directly, and a process can die between a failed end and the store. Their chain is finished and the
 * signed manifest stored here, so their parts get a keep-until date (retention, decision 0085) and a composed view
 * (0084) like any act. A live session (`in_session`, the seal included until it succeeds) is left alone.
 */
export async function finishEndedActs(deps: {
  db: DbOrTx;
  recorder: Pick<RecorderService, 'finishAndStore' | 'forget'>;
}) {
  let finished = 0;
  for (const applicationId of await repo.chainsWithoutManifest(deps.db, 50)) {
    const application = await findApplication(deps.db, applicationId);
    if (!application || application.status === 'in_session') continue;
    await deps.recorder.finishAndStore(applicationId);
    deps.recorder.forget(applicationId);
    finished += 1;
  }
  return finished;
}
